import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API the development server passes calls on to: everything outside /console. */
const api = process.env.CONSOLE_API ?? 'http://localhost:8080';

export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // One chunk per screen (routes load lazily); React and TanStack in chunks of their own, which change less often
    // than the console and stay cached across its releases.
    chunkSizeWarningLimit: 600,
    // A file offered for download (the import template) stays a file of its own: a data: URL would not be one.
    assetsInlineLimit: (file) => (file.endsWith('.csv') ? false : undefined),
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/@tanstack/')) return 'tanstack';
          // Mantine is left to Rollup: the shell's components load first, a screen's with the screen.
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '^/(?!console(/|$)).*': { target: api, changeOrigin: false } },
  },
});
