#!/usr/bin/env tsx
/**
 * fake-provider CLI for Playwright, benchmarks and offline UI work:
 *
 *   tsx packages/fake-provider/src/cli.ts --port 4010 [--host 127.0.0.1] [--ttft-ms N] [--tps N] [--seed N]
 *
 * `FAKE_PROVIDER_PORT` sets the port when `--port` is absent. Stops on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startFakeProvider } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    'ttft-ms': { type: 'string' },
    tps: { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('usage: fake-provider [--port 4010] [--host 127.0.0.1] [--ttft-ms N] [--tps N] [--seed N]');
  process.exit(0);
}

const num = (v: string | undefined, name: string): number | undefined => {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`fake-provider: --${name} must be a non-negative number, got "${v}"`);
    process.exit(2);
  }
  return n;
};

const fake = await startFakeProvider({
  port: num(values.port ?? process.env.FAKE_PROVIDER_PORT, 'port') ?? 4010,
  host: values.host,
  seed: num(values.seed, 'seed'),
  timing: { ttftMs: num(values['ttft-ms'], 'ttft-ms'), tokensPerSec: num(values.tps, 'tps') },
});

console.log(`fake-provider listening on ${fake.url}`);
console.log(
  `  (Vertex: POST ${fake.urls.control}/service-accounts returns a service account the fake accepts)`,
);
for (const [name, url] of Object.entries(fake.urls)) console.log(`  ${name.padEnd(14)} ${url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await fake.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
