import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bannerHtmlToReact } from './banner-html.tsx';
import { dismissBanner, dismissedBanners } from './dismissed.ts';

const html = (source: string) =>
  render(<div data-testid="b">{bannerHtmlToReact(source)}</div>).getByTestId('b');

describe('banner HTML', () => {
  afterEach(cleanup);
  it('keeps allowed formatting and safe links', () => {
    const el = html('<b>Maintenance</b> tonight, <a href="https://status.example.com">details</a>');
    expect(el.querySelector('b')?.textContent).toBe('Maintenance');
    const a = el.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://status.example.com');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(el.textContent).toBe('Maintenance tonight, details');
  });

  it('never renders scripts, handlers, styles or unsafe links', () => {
    const el = html(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><b onclick="alert(3)" style="color:red">hi</b>' +
        '<a href="javascript:alert(4)">click</a><iframe src="https://evil"></iframe><div>plain</div>',
    );
    expect(el.querySelector('img, script, iframe, div div')).toBeNull();
    expect(el.querySelector('b')?.getAttribute('onclick')).toBeNull();
    expect(el.querySelector('b')?.getAttribute('style')).toBeNull();
    expect(el.querySelector('a')).toBeNull();
    expect(el.textContent).toBe('hiclickplain');
  });
});

describe('dismissed banners', () => {
  it('remembers dismissed ids in localStorage', () => {
    localStorage.clear();
    dismissBanner('a');
    dismissBanner('b');
    dismissBanner('a');
    expect(dismissedBanners()).toEqual(['b', 'a']);
    localStorage.setItem('dismissedBanners', '{not json');
    expect(dismissedBanners()).toEqual([]);
  });
});
