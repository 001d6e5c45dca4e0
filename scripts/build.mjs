// Builds the web client (Vite) and bundles the server (esbuild) for `npm start`.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { buildVendor, writeVendor } from './build-vendor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildWeb() {
  // The artifact preview's runtime is built first: the client learns its folder name (a hash).
  const vendor = await buildVendor();
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'packages/web'),
      stdio: 'inherit',
      env: {
        ...process.env,
        VITE_ARTIFACT_VENDOR: vendor.hash,
        VITE_ARTIFACT_VENDOR_DEPS: JSON.stringify(vendor.deps),
      },
    },
  );
  await writeVendor(path.join(root, 'packages/web/dist'), vendor);
  await precompress(path.join(root, 'packages/web/dist'));
}

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|woff)$/;
const MIN_COMPRESS_BYTES = 1024;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Write .br and .gz beside each text asset: the server sends them as they are (no compression
 * work per request), so the critical path costs its compressed size.
 */
async function precompress(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (data.length < MIN_COMPRESS_BYTES) return;
      const [gz, br] = await Promise.all([
        gzip(data, { level: 9 }),
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
    }),
  );
}

/** Our workspace packages are TypeScript sources: bundle them; leave npm packages external. */
const bundleWorkspaceOnly = {
  name: 'workspace-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'packages/server/src/main.ts')],
    outfile: path.join(root, 'packages/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [bundleWorkspaceOnly],
    logLevel: 'warning',
  });
  // File text extraction runs in worker threads (files/extract/pool.ts): their entry sits beside main.js.
  await build({
    entryPoints: [path.join(root, 'packages/server/src/files/extract/worker.ts')],
    outfile: path.join(root, 'packages/server/dist/extract-worker.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [bundleWorkspaceOnly],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `node scripts/build.mjs [web] [server]`: both when none is named.
  const targets = process.argv.slice(2);
  const all = targets.length === 0;
  const started = Date.now();
  await Promise.all([
    all || targets.includes('web') ? buildWeb() : null,
    all || targets.includes('server') ? buildServer() : null,
  ]);
  console.log(
    `Built ${all ? 'web and server' : targets.join(' and ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
