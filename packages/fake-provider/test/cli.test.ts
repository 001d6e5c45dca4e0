import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('cli', () => {
  it('starts on FAKE_PROVIDER_PORT, prints its URLs, applies --ttft-ms and stops on SIGTERM', async () => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      ['packages/fake-provider/src/cli.ts', '--ttft-ms', '80'],
      { cwd: root, env: { ...process.env, FAKE_PROVIDER_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m && out.includes('control')) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`cli exited early (${code}): ${out}`)));
    });
    expect(out).toContain(`${url}/openai/v1`);

    const t0 = performance.now();
    const res = await fetch(`${url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-cli', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect((await res.json()).choices[0].message.content).toMatch(/^You said: "hi"/);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(75);

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  }, 15_000);
});
