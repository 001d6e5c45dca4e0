import { describe, expect, it } from 'vitest';
import { fileKind, fileTypeLabel, isExpired, isImageFile } from './files.ts';

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

  it('picks a card icon by type, else by name', () => {
    expect(fileKind({ filename: 'a.bin', type: 'application/pdf' })).toBe('pdf');
    expect(fileKind({ filename: 'data.xlsx' })).toBe('sheet');
    expect(fileKind({ filename: 'main.py', type: 'text/x-python' })).toBe('code');
    expect(fileKind({ filename: 'notes.txt', type: 'text/plain' })).toBe('text');
    expect(fileKind({ filename: 'x.zip', type: 'application/zip' })).toBe('archive');
    expect(fileKind({ filename: 'blob', type: 'application/octet-stream' })).toBe('other');
  });

  it('is expired only past expiresAt (doc 2 §4.15)', () => {
    expect(isExpired({ expiresAt: 1000 }, 1001)).toBe(true);
    expect(isExpired({ expiresAt: 1000 }, 1000)).toBe(false);
    expect(isExpired({ expiresAt: null }, 5)).toBe(false);
    expect(isExpired({}, 5)).toBe(false);
  });
});
