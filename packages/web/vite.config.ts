import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web client, built into dist/client, which the Umpire server serves at / and /games/:id.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, chunkSizeWarningLimit: 4096, sourcemap: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
