import type { IncomingMessage, ServerResponse } from 'node:http';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API_TARGET = process.env.PARLEY_API_URL ?? 'http://127.0.0.1:3080';

/** SSE must reach the browser frame by frame: no buffering, no compression, no timeout. */
function streamingProxy(): ProxyOptions {
  return {
    target: API_TARGET,
    changeOrigin: false,
    timeout: 0,
    proxyTimeout: 0,
    configure(proxy) {
      proxy.on('proxyReq', (proxyReq) => {
        // A compressed event stream is buffered by the compressor; ask for identity.
        proxyReq.setHeader('accept-encoding', 'identity');
      });
      proxy.on('proxyRes', (proxyRes: IncomingMessage, _req: IncomingMessage, res: ServerResponse) => {
        const type = String(proxyRes.headers['content-type'] ?? '');
        if (!type.includes('text/event-stream')) return;
        proxyRes.headers['cache-control'] = 'no-cache, no-transform';
        proxyRes.headers['x-accel-buffering'] = 'no';
        res.socket?.setNoDelay(true);
      });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': streamingProxy(),
      '/health': { target: API_TARGET },
    },
  },
  preview: { host: '127.0.0.1', port: 5173 },
  // ES-module workers can split: the highlight worker loads each grammar as its own chunk.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
  },
});
