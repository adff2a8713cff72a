import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import './console.css';
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { ApiError } from './api/api-error';
import { createConsoleRouter } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // An answer the API gave on purpose (404, 403, 400) does not change by asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});
const router = createConsoleRouter(queryClient);
// Shade 8 of the primary colour: white text on it, and it as text on white, meet WCAG AA contrast (4.5:1).
const theme = createTheme({ primaryColor: 'blue', primaryShade: { light: 8, dark: 5 }, defaultRadius: 'md' });
// The server puts a fresh nonce in this meta for each page; Mantine's <style> elements carry it (style-src).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
// A modal locks the page's scroll with a <style> of react-remove-scroll, which takes its nonce from get-nonce.
if (nonce) setNonce(nonce);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light" getStyleNonce={nonce ? () => nonce : undefined}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
