import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { t } from '../../i18n/t.ts';
import { lazyOnOpen } from '../../lib/lazy-on-open.tsx';

export type ExportDialogProps = {
  conversationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The branch the chat shows (message ids, root first); without it the newest branch is used. */
  getVisibleBranch?: () => readonly string[] | null | undefined;
  /** The rendered thread to screenshot; without it the screenshot type is unavailable. */
  getScreenshotTarget?: () => HTMLElement | null;
};

/** The export dialog; it and the export formats load when it first opens, off /chat/new's critical path. */
export const ExportDialog = lazyOnOpen(() => import('./export-dialog-form.tsx'));

/** The chat header's Export button with its dialog. */
export function ExportButton(props: Omit<ExportDialogProps, 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={t('com_nav_export')}
        tooltipSide="bottom"
        onClick={() => setOpen(true)}
        data-testid="export-button"
      >
        <FileDown className="size-5" />
      </IconButton>
      <ExportDialog {...props} open={open} onOpenChange={setOpen} />
    </>
  );
}
