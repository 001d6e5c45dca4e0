/** Dismissed banner ids, remembered in localStorage (doc 2 §2.1); the newest 50 are kept. */
export const DISMISSED_BANNERS_KEY = 'dismissedBanners';
const KEEP = 50;

export function dismissedBanners(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_BANNERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function dismissBanner(bannerId: string): void {
  const next = [...dismissedBanners().filter((id) => id !== bannerId), bannerId].slice(-KEEP);
  try {
    localStorage.setItem(DISMISSED_BANNERS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the banner is hidden for this page view only.
  }
}
