// `npm start`: build only what is missing or older than its sources, then serve.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, buildWeb } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const schema = newest(path.join(root, 'packages/schema/src'));

const webOut = path.join(root, 'packages/web/dist/index.html');
const webSrc = Math.max(
  schema,
  newest(path.join(root, 'packages/web/src')),
  newest(path.join(root, 'packages/web/artifact-runtime')),
  mtime(path.join(root, 'packages/web/index.html')),
);
if (mtime(webOut) < webSrc) {
  console.log('Building the web client…');
  await buildWeb();
}
const serverOut = path.join(root, 'packages/server/dist/main.js');
if (mtime(serverOut) < Math.max(schema, newest(path.join(root, 'packages/server/src')))) {
  console.log('Building the server…');
  await buildServer();
}

const child = spawn(process.execPath, ['--enable-source-maps', serverOut], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
