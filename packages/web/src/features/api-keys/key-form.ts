import { AZURE_PLACEHOLDER_KEY, KEY_EXPIRY_CHOICES } from '@parley/schema';

export type KeyFormKind = 'azure' | 'google' | 'bedrock' | 'openai';
export type KeyExpiryId = (typeof KEY_EXPIRY_CHOICES)[number]['id'];

export type KeyField = { name: string; required: boolean; secret: boolean };

export function formKind(endpoint: string): KeyFormKind {
  if (endpoint === 'azureOpenAI') return 'azure';
  if (endpoint === 'google') return 'google';
  if (endpoint === 'bedrock') return 'bedrock';
  return 'openai';
}

/** The text fields the dialog shows for an endpoint (doc 3 §3, §5). */
export function keyFields(endpoint: string, userProvideURL?: boolean): KeyField[] {
  switch (formKind(endpoint)) {
    case 'azure':
      return [
        { name: 'azureOpenAIApiKey', required: true, secret: true },
        { name: 'azureOpenAIApiInstanceName', required: true, secret: false },
        { name: 'azureOpenAIApiDeploymentName', required: true, secret: false },
        { name: 'azureOpenAIApiVersion', required: true, secret: false },
      ];
    case 'google':
      return [{ name: 'GOOGLE_API_KEY', required: false, secret: true }];
    case 'bedrock':
      return [
        { name: 'accessKeyId', required: true, secret: true },
        { name: 'secretAccessKey', required: true, secret: true },
        { name: 'sessionToken', required: false, secret: true },
        { name: 'region', required: false, secret: false },
      ];
    default: {
      const fields: KeyField[] = [{ name: 'apiKey', required: true, secret: true }];
      if (userProvideURL && endpoint !== 'openAI')
        fields.push({ name: 'baseURL', required: true, secret: false });
      return fields;
    }
  }
}

export type BuildResult = { ok: true; value: string } | { ok: false; missing: string[] };

/** Validate the form and build the one string PUT /api/keys stores. */
export function buildKeyValue(
  endpoint: string,
  userProvideURL: boolean | undefined,
  values: Record<string, string>,
  serviceKey?: Record<string, string> | null,
): BuildResult {
  const fields = keyFields(endpoint, userProvideURL);
  const get = (name: string) => (values[name] ?? '').trim();
  const kind = formKind(endpoint);
  if (kind === 'google') {
    const apiKey = get('GOOGLE_API_KEY');
    if (!apiKey && !serviceKey) return { ok: false, missing: ['GOOGLE_API_KEY'] };
    const out: Record<string, unknown> = {};
    if (serviceKey) out.GOOGLE_SERVICE_KEY = serviceKey;
    if (apiKey) out.GOOGLE_API_KEY = apiKey;
    return { ok: true, value: JSON.stringify(out) };
  }
  const missing = fields.filter((f) => f.required && !get(f.name)).map((f) => f.name);
  if (missing.length > 0) return { ok: false, missing };
  if (kind === 'openai') {
    const baseURL = get('baseURL');
    return { ok: true, value: baseURL ? JSON.stringify({ apiKey: get('apiKey'), baseURL }) : get('apiKey') };
  }
  const out: Record<string, string> = {};
  for (const f of fields) if (get(f.name)) out[f.name] = get(f.name);
  if (kind === 'azure') out.apiKey = AZURE_PLACEHOLDER_KEY;
  return { ok: true, value: JSON.stringify(out) };
}

/** expiresAt for an expiry choice: now + its duration, or null for never. */
export function expiresAtFor(id: KeyExpiryId, now: number = Date.now()): number | null {
  const choice = KEY_EXPIRY_CHOICES.find((c) => c.id === id);
  return choice?.ms == null ? null : now + choice.ms;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validate an imported Google service key file (doc 3 §5); null when invalid. */
export function parseServiceKey(fileName: string, text: string): Record<string, string> | null {
  if (!fileName.toLowerCase().endsWith('.json')) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const email = str(d.client_email);
  if (email.length < 3 || !EMAIL.test(email)) return null;
  if (str(d.project_id).length < 3) return null;
  if (str(d.private_key).length < 601) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(d)) if (typeof v === 'string') out[k] = v;
  return out;
}
