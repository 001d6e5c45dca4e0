import { describe, expect, it } from 'vitest';
import { endpointCapabilities, uploadChoices } from './upload-choices.ts';

describe('uploadChoices (doc 3 "Upload type choice")', () => {
  it('offers the image option only when every dropped file is an image', () => {
    expect(uploadChoices(['image/png', 'image/jpeg'], ['file_search'])).toEqual(['image', 'file_search']);
    expect(uploadChoices(['image/png', 'application/pdf'], ['file_search'])).toEqual(['file_search']);
    expect(uploadChoices([], ['context'])).toEqual(['context']);
  });

  it('offers the rest by the endpoint capabilities', () => {
    expect(endpointCapabilities('agents')).toEqual(['file_search', 'execute_code', 'context', 'ocr']);
    expect(endpointCapabilities('openAI')).toEqual(['context', 'file_search']);
  });
});
