import { describe, expect, it } from 'vitest';
import { fileTypeLabel, isImageFile } from './files.ts';

describe('files', () => {
  it('tells images by MIME type, else by name', () => {
    expect(isImageFile({ filename: 'a.bin', type: 'image/png' })).toBe(true);
    expect(isImageFile({ filename: 'chart.png', type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ filename: 'photo.JPG' })).toBe(true);
    expect(isImageFile({ filename: 'notes.pdf' })).toBe(false);
  });

  it('labels a chip with the extension, else the MIME subtype', () => {
    expect(fileTypeLabel({ filename: 'notes.pdf', type: 'application/pdf' })).toBe('PDF');
    expect(fileTypeLabel({ filename: 'README', type: 'text/plain; charset=utf-8' })).toBe('PLAIN');
    expect(fileTypeLabel({ filename: 'README' })).toBeNull();
  });
});
