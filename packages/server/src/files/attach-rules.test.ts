import { describe, expect, it } from 'vitest';
import { resolveFileConfig } from '../config/file-config.ts';
import { attachRefusal } from './attach-rules.ts';

const MB = 1024 * 1024;
const config = resolveFileConfig(
  {
    endpoints: {
      openAI: { fileSizeLimit: 1, supportedMimeTypes: ['^image/.*$'] },
      anthropic: { disabled: true },
    },
  },
  null,
);
const png = { bytes: 1000, type: 'image/png', source: 'local' };

describe('attachRefusal (doc 3: attaching from the files table)', () => {
  it('lets a file the endpoint takes through', () => {
    expect(attachRefusal(config, 'openAI', png)).toBeNull();
    expect(attachRefusal(config, 'google', { ...png, type: 'application/pdf' })).toBeNull();
  });

  it('refuses without an endpoint, on a disabled one, and an OpenAI-held file outside assistants', () => {
    expect(attachRefusal(config, null, png)?.code).toBe('files_validation');
    expect(attachRefusal(config, 'anthropic', png)?.code).toBe('files_disabled');
    expect(attachRefusal(config, 'openAI', { ...png, source: 'openai' })?.code).toBe(
      'files_unsupported_capability',
    );
    expect(attachRefusal(config, 'assistants', { ...png, source: 'openai' })).toBeNull();
  });

  it('refuses a file at or over the endpoint size limit, or of a type it does not take', () => {
    expect(attachRefusal(config, 'openAI', { ...png, bytes: MB })?.message).toBe('File size exceeds 1 MB.');
    expect(attachRefusal(config, 'openAI', { ...png, bytes: MB - 1 })).toBeNull();
    expect(attachRefusal(config, 'openAI', { ...png, type: 'text/plain' })?.message).toBe(
      'Currently, unsupported file type: text/plain',
    );
  });
});
