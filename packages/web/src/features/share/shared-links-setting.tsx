import { useState } from 'react';
import { useStartupConfig } from '../../api/config.ts';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import { SharedLinksDialog } from './shared-links-dialog.tsx';

/** The Settings → Data controls row for shared links (doc 3 §2), shown when sharing is enabled. */
export function SharedLinksSetting() {
  const config = useStartupConfig();
  const [open, setOpen] = useState(false);
  if (!config.data?.sharedLinksEnabled) return null;
  return (
    <>
      <div className="flex items-center justify-between gap-4 py-3">
        <span className="text-sm">{t('com_nav_shared_links')}</span>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="open-shared-links">
          {t('com_nav_shared_links_manage')}
        </Button>
      </div>
      <SharedLinksDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
