import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/accounts/login/': 'http://localhost:8080',
      '/accounts/logout/': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
    },
  },
});
