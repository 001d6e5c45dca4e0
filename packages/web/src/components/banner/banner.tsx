import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useBanner } from '../../api/banner.ts';
import { t } from '../../i18n/t.ts';
import { bannerHtmlToReact } from './banner-html.tsx';
import { dismissBanner, dismissedBanners } from './dismissed.ts';

/** The admin's banner across the top of the app and the auth pages, until dismissed. */
export function AppBanner({ enabled = true }: { enabled?: boolean } = {}) {
  const banner = useBanner({ enabled }).data;
  const [dismissed, setDismissed] = useState(dismissedBanners);
  const content = useMemo(() => (banner ? bannerHtmlToReact(banner.message) : null), [banner]);
  if (!banner || dismissed.includes(banner.bannerId)) return null;
  return (
    <div
      role="status"
      data-testid="banner"
      className="flex w-full shrink-0 items-start gap-3 border-b border-border bg-accent px-4 py-2 text-sm text-accent-foreground"
    >
      <div className="min-w-0 flex-1 text-center" data-testid="banner-message">
        {content}
      </div>
      <button
        type="button"
        aria-label={t('com_ui_banner_dismiss')}
        data-testid="banner-dismiss"
        onClick={() => {
          dismissBanner(banner.bannerId);
          setDismissed(dismissedBanners());
        }}
        className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-background/60 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
