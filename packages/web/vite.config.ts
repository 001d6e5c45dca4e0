import type { IncomingMessage, ServerResponse } from 'node:http';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, parseSync } from 'vite';

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

const SCHEMA_SRC = /[\\/]packages[\\/]schema[\\/]src[\\/][^\\/]+\.ts$/;
const WRAPPED_INITS = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression']);

/**
 * The shared schema package builds its zod schemas at module top level, so importing one text or
 * constant from a module would also keep every schema (and zod, ~34 kB gzip) on the client's
 * critical path. Wrapping each top-level initializer in a pure IIFE lets tree-shaking drop the
 * ones the client never reads. Evaluation order and values are unchanged.
 */
function pureSchemaDeclarations(): Plugin {
  return {
    name: 'parley:pure-schema-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SCHEMA_SRC.test(id.split('?')[0])) return null;
      const { program } = parseSync(id, code, { lang: 'js', sourceType: 'module' });
      const spans: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations) {
          const init = declarator.init;
          if (init && WRAPPED_INITS.has(init.type)) spans.push({ start: init.start, end: init.end });
        }
      }
      if (spans.length === 0) return null;
      let out = code;
      for (const { start, end } of spans.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), pureSchemaDeclarations()],
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 800,
  },
});
