// Builds the artifact preview's runtime (React, ReactDOM, lucide-react, recharts, shadcn-style UI,
// Tailwind's browser build and the frame's own scripts) as ES modules for packages/web/dist/vendor/<hash>/.
// They are loaded only inside the preview frame, by its import map, when an artifact is opened.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'packages/web');
const runtime = path.join(web, 'artifact-runtime');
const require = createRequire(path.join(web, 'package.json'));

/** CommonJS packages get explicit named exports (`export const {useState, …} = D`): see m2-stack §4. */
function cjsEntry(specifier) {
  const names = Object.keys(require(specifier)).filter(
    (n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default',
  );
  return `import D from '${specifier}';\nexport default D;\nexport const { ${names.join(', ')} } = D;\n`;
}

/** Entry name (file name in the vendor folder) → module source. */
function entries() {
  return {
    react: cjsEntry('react'),
    'react-jsx-runtime': cjsEntry('react/jsx-runtime'),
    'react-dom': cjsEntry('react-dom'),
    'react-dom-client': cjsEntry('react-dom/client'),
    'lucide-react': "export * from 'lucide-react';\n",
    recharts: "export * from 'recharts';\n",
    ui: `export * from '${path.join(runtime, 'ui.tsx')}';\n`,
    mount: `export * from '${path.join(runtime, 'mount.tsx')}';\n`,
  };
}

const virtualEntries = (sources) => ({
  name: 'virtual-entries',
  setup(b) {
    b.onResolve({ filter: /^entry:/ }, (args) => ({ path: args.path.slice(6), namespace: 'entry' }));
    b.onLoad({ filter: /.*/, namespace: 'entry' }, (args) => ({
      contents: sources[args.path],
      resolveDir: web,
      loader: 'js',
    }));
  },
});

/**
 * Build every file in memory; the folder is named by a hash of their contents, so the files can be
 * cached for a year and a new build never mixes with an old one.
 * Returns { hash, files: [{ name, contents }] }.
 */
export async function buildVendor() {
  const sources = entries();
  const common = {
    bundle: true,
    minify: true,
    target: 'es2022',
    write: false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    jsx: 'automatic',
  };
  const [modules, frame] = await Promise.all([
    build({
      ...common,
      entryPoints: Object.fromEntries(Object.keys(sources).map((name) => [name, `entry:${name}`])),
      outdir: '/vendor',
      format: 'esm',
      splitting: true,
      chunkNames: 'chunk-[hash]',
      metafile: true,
      plugins: [virtualEntries(sources)],
    }),
    build({
      ...common,
      entryPoints: [path.join(runtime, 'frame.ts')],
      outfile: '/vendor/frame.js',
      format: 'iife',
    }),
  ]);
  const tailwind = await readFile(require.resolve('@tailwindcss/browser'));
  const files = [
    ...[...modules.outputFiles, ...frame.outputFiles].map((f) => ({
      name: path.basename(f.path),
      contents: Buffer.from(f.contents),
    })),
    { name: 'tailwind.js', contents: tailwind },
    // The frame's document before the artifact is written over it (the server adds the frame's CSP).
    {
      name: 'frame.html',
      contents: Buffer.from('<!doctype html><meta charset="utf-8"><script src="frame.js"></script>\n'),
    },
  ].sort((a, b) => a.name.localeCompare(b.name));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.name).update(f.contents);
  return { hash: hash.digest('hex').slice(0, 12), files, deps: chunkDeps(modules.metafile) };
}

/**
 * Each entry's shared chunks (transitively), so the frame can preload them all at once instead of
 * discovering them import by import: { react: ['chunk-ABC.js', …], … }.
 */
function chunkDeps(metafile) {
  const outputs = metafile.outputs;
  const deps = {};
  for (const [file, out] of Object.entries(outputs)) {
    if (!out.entryPoint) continue;
    const seen = new Set();
    const walk = (f) => {
      for (const imp of outputs[f]?.imports ?? []) {
        if (imp.kind !== 'import-statement' || seen.has(imp.path)) continue;
        seen.add(imp.path);
        walk(imp.path);
      }
    };
    walk(file);
    deps[path.basename(file, '.js')] = [...seen].map((f) => path.basename(f)).sort();
  }
  return deps;
}

/** Write a built vendor set into `<distDir>/vendor/<hash>/`. */
export async function writeVendor(distDir, { hash, files, deps }) {
  const dir = path.join(distDir, 'vendor', hash);
  await mkdir(dir, { recursive: true });
  await Promise.all(files.map((f) => writeFile(path.join(dir, f.name), f.contents)));
  await writeFile(path.join(dir, 'deps.json'), JSON.stringify(deps));
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const vendor = await buildVendor();
  const dir = await writeVendor(path.join(web, 'dist'), vendor);
  console.log(`Built ${vendor.files.length} vendor files into ${dir} in ${Date.now() - started} ms`);
}
