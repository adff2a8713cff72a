import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/spotlight/styles.css';
import './console.css';
import {
  createTheme,
  defaultVariantColorsResolver,
  MantineProvider,
  Modal,
  Notification,
  type VariantColorsResolver,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
/**
 * Colours that meet WCAG AA contrast (4.5:1): text on the light variants (alerts, badges, light buttons) in the
 * colour's darkest shade mixed with black (yellow, orange or green on their own tint are below it), filled buttons
 * and badges on the darkest shade.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const named = typeof input.color === 'string' && input.color in input.theme.colors;
  if (!named) return colors;
  if (input.variant === 'light')
    return { ...colors, color: `color-mix(in srgb, var(--mantine-color-${input.color}-9) 55%, black)` };
  // White on the filled shade 8 of red or green is below 4.5:1; shade 9 is above it for every colour.
  if (input.variant === 'filled')
    return {
      ...colors,
      background: `var(--mantine-color-${input.color}-9)`,
      hover: `color-mix(in srgb, var(--mantine-color-${input.color}-9) 85%, black)`,
    };
  return colors;
};

// Shade 8 of the primary colour: white text on it, and it as text on white, meet WCAG AA contrast (4.5:1).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  variantColorResolver,
  // The close button of every dialog and message has a name a screen reader can say.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close the message' } } }),
  },
});
// The server puts a fresh nonce in this meta for each page; Mantine's <style> elements carry it (style-src).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
// The scroll lock of dialogs (react-remove-scroll) writes its <style> with the nonce get-nonce holds.
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
