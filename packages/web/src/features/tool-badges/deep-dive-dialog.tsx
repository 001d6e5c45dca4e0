import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-tools.ts';

/** The Deep Dive notice (doc 3 §4), shown each time Deep Dive is turned on. */
export function DeepDiveDialog({ icon, onClose }: { icon: ReactNode; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('com_tools_deep_dive_title')} closeLabel={t('com_ui_close')}>
        <div className="flex flex-col items-center gap-4 text-center" data-testid="deep-dive-dialog">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10">{icon}</span>
          <p className="text-sm text-muted-foreground">{t('com_tools_deep_dive_body')}</p>
          <Button variant="primary" onClick={onClose} data-testid="deep-dive-ok" autoFocus>
            {t('com_tools_deep_dive_ok')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
