// Builds the dashboard into renderer/dist with relative asset URLs, so the daemon can serve it at `/` and
// Electron can load it from wherever the app is installed. `npm run dev --workspace=@ssg/renderer` serves it with
// hot reload and proxies /api to a running daemon (SSG_DAEMON_URL), adding its token (SSG_DAEMON_TOKEN) so the
// developer needs no ticket; the built dashboard never sees the token.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const daemonUrl = process.env.SSG_DAEMON_URL ?? 'http://127.0.0.1:5599';
const token = process.env.SSG_DAEMON_TOKEN;

export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    proxy: {
      '/api': {
        target: daemonUrl,
        changeOrigin: true,
        headers: token ? { 'x-service-token': token } : {},
      },
    },
  },
});
