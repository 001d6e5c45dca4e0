#!/usr/bin/env tsx
/**
 * Before the Vertex app starts: ask the running fake provider (its control API) for a service
 * account it trusts, and write the key file GOOGLE_SERVICE_KEY_FILE points at. The fake generates
 * the RSA key, registers it for `POST /vertex/token`, and sets `token_uri` to that endpoint.
 *
 *   tsx e2e/vertex-service-account.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestServiceAccount } from '@parley/fake-provider';
import { FAKE_URL, VERTEX_PROJECT, VERTEX_SA_FILE } from './servers.ts';

const res = await fetch(`${FAKE_URL}/__fake/service-accounts`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ projectId: VERTEX_PROJECT }),
});
if (!res.ok) {
  console.error(`fake provider refused a service account: ${res.status} ${await res.text()}`);
  process.exit(1);
}
const sa = (await res.json()) as TestServiceAccount;
mkdirSync(path.dirname(VERTEX_SA_FILE), { recursive: true });
writeFileSync(VERTEX_SA_FILE, JSON.stringify(sa, null, 2), { mode: 0o600 });
