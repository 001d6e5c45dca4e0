import { describe, expect, it } from 'vitest';
import { buildKeyValue, expiresAtFor, keyFields, parseServiceKey } from './key-form.ts';

describe('key form', () => {
  it('reports missing required fields', () => {
    expect(buildKeyValue('azureOpenAI', false, { azureOpenAIApiKey: 'k' })).toEqual({
      ok: false,
      missing: ['azureOpenAIApiInstanceName', 'azureOpenAIApiDeploymentName', 'azureOpenAIApiVersion'],
    });
    expect(buildKeyValue('custom1', true, { apiKey: 'k' })).toEqual({ ok: false, missing: ['baseURL'] });
  });

  it('builds azure, custom and plain values', () => {
    const azure = buildKeyValue('azureOpenAI', true, {
      azureOpenAIApiKey: 'k',
      azureOpenAIApiInstanceName: 'i',
      azureOpenAIApiDeploymentName: 'd',
      azureOpenAIApiVersion: 'v',
    });
    expect(azure.ok && JSON.parse(azure.value)).toMatchObject({ apiKey: 'n/a', azureOpenAIApiKey: 'k' });
    expect(buildKeyValue('custom1', true, { apiKey: 'k', baseURL: 'http://x' })).toEqual({
      ok: true,
      value: JSON.stringify({ apiKey: 'k', baseURL: 'http://x' }),
    });
    expect(buildKeyValue('openAI', true, { apiKey: ' sk ' })).toEqual({ ok: true, value: 'sk' });
    expect(keyFields('openAI', true).map((f) => f.name)).toEqual(['apiKey']);
  });

  it('builds google and bedrock values', () => {
    expect(buildKeyValue('google', false, {})).toEqual({ ok: false, missing: ['GOOGLE_API_KEY'] });
    expect(buildKeyValue('google', false, { GOOGLE_API_KEY: 'g' })).toEqual({
      ok: true,
      value: '{"GOOGLE_API_KEY":"g"}',
    });
    expect(buildKeyValue('bedrock', false, { accessKeyId: 'a', secretAccessKey: 's' })).toEqual({
      ok: true,
      value: '{"accessKeyId":"a","secretAccessKey":"s"}',
    });
  });

  it('computes expiry', () => {
    expect(expiresAtFor('never', 1000)).toBeNull();
    expect(expiresAtFor('30m', 1000)).toBe(1000 + 30 * 60 * 1000);
  });

  it('validates service key files', () => {
    const good = { client_email: 'a@b.co', project_id: 'proj', private_key: 'x'.repeat(601) };
    expect(parseServiceKey('key.json', JSON.stringify(good))).toEqual(good);
    expect(parseServiceKey('key.txt', JSON.stringify(good))).toBeNull();
    expect(parseServiceKey('key.json', JSON.stringify({ ...good, private_key: 'short' }))).toBeNull();
    expect(parseServiceKey('key.json', JSON.stringify({ ...good, client_email: 'nope' }))).toBeNull();
    expect(parseServiceKey('key.json', '{bad')).toBeNull();
  });
});
