import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in web/; it is built to dist/web and served by the API server.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:3000' },
  },
});
