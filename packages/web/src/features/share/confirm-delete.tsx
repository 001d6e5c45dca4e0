import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';

/** A small "are you sure" step before deleting links. */
export function ConfirmDelete({
  open,
  onOpenChange,
  title,
  body,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} closeLabel={t('com_settings_close')} className="max-w-md">
        <p className="text-sm text-muted-foreground">{body}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="outline" size="sm" onClick={() => onOpenChange(false)}>
            {t('com_ui_cancel')}
          </Button>
          <Button
            variant="destructive"
            size="sm"
            onClick={onConfirm}
            disabled={pending}
            data-testid="confirm-delete"
          >
            {pending ? <Spinner className="size-4 text-white" /> : null}
            {t('com_ui_delete')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
