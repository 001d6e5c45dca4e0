// `npm run dev`: the server under tsx watch and the Vite dev server (proxying /api) together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'packages/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--host', '127.0.0.1'], { cwd: path.join(root, 'packages/web'), stdio: 'inherit' }),
];
console.log('Parley dev: web on http://127.0.0.1:5173 (hot reload), API on http://127.0.0.1:3080');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
