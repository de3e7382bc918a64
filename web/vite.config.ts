import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadGroups } from './chunks.ts';

// The server (src/) serves web/dist; in `vite dev` the API is proxied to a running server.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { groups: firstLoadGroups(import.meta.dirname) } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
});
