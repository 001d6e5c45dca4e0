import { describe, expect, it } from 'vitest';
import { attachVerdict } from './attach-rules.ts';

const rules = {
  fileLimit: 10,
  fileSizeLimit: 100,
  totalSizeLimit: 1000,
  supportedMimeTypes: ['^image/', '^application/pdf$'],
};
const pdf = { bytes: 50, type: 'application/pdf', source: 'local' as const };

describe('attachVerdict (doc 3 "Attaching files from the files table")', () => {
  it('needs a file and a conversation endpoint', () => {
    const error = 'Cannot attach file. Create or select a conversation, or try refreshing the page.';
    expect(attachVerdict(null, { endpoint: 'openAI' }, rules)).toEqual({ ok: false, error });
    expect(attachVerdict(pdf, { endpoint: null }, rules)).toEqual({ ok: false, error });
  });

  it('keeps OpenAI-stored files to assistants endpoints, and warns the other way', () => {
    expect(attachVerdict({ ...pdf, source: 'openai' }, { endpoint: 'openAI' }, rules)).toEqual({
      ok: false,
      error: 'Cannot attach Assistant files to other endpoints',
    });
    expect(attachVerdict(pdf, { endpoint: 'assistants' }, rules)).toEqual({
      ok: true,
      warning: 'Non-Assistant files may be ignored without a compatible tool',
    });
  });

  it("checks size and type against the endpoint's rules, naming the endpoint", () => {
    expect(attachVerdict({ ...pdf, bytes: 101 }, { endpoint: 'anthropic' }, rules)).toEqual({
      ok: false,
      error: 'File size limit exceeded for endpoint: anthropic',
    });
    expect(attachVerdict({ ...pdf, type: 'text/csv' }, { endpoint: 'anthropic' }, rules)).toEqual({
      ok: false,
      error: 'Unsupported file type for endpoint: anthropic',
    });
    expect(attachVerdict(pdf, { endpoint: 'anthropic' }, rules)).toEqual({ ok: true });
  });
});
