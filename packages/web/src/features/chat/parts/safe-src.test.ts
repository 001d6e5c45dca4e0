import { describe, expect, it } from 'vitest';
import { safeImageSrc, safeLinkHref } from './safe-src.ts';

describe('safeImageSrc', () => {
  it('allows relative paths, http(s) and data:image URLs', () => {
    for (const src of [
      '/images/u1/chart.png',
      'images/chart.png',
      './chart.png',
      'https://cdn.example.com/a.png',
      'http://example.com/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'DATA:image/jpeg;base64,AAAA',
    ]) {
      expect(safeImageSrc(src), src).toBe(src);
    }
  });

  it('refuses script and other schemes, however they are disguised', () => {
    for (const src of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:,hello',
      'file:///etc/passwd',
      'blob:https://example.com/1',
      'ftp://example.com/a.png',
      '',
      '   ',
    ]) {
      expect(safeImageSrc(src), JSON.stringify(src)).toBeNull();
    }
    expect(safeImageSrc(undefined)).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
  });
});

describe('safeLinkHref', () => {
  it('opens only absolute http(s) links', () => {
    expect(safeLinkHref('https://auth.example.com/authorize?x=1')?.hostname).toBe('auth.example.com');
    expect(safeLinkHref('http://example.com')?.hostname).toBe('example.com');
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref('/relative/path')).toBeNull();
    expect(safeLinkHref('data:text/html,hi')).toBeNull();
    expect(safeLinkHref(undefined)).toBeNull();
  });
});
