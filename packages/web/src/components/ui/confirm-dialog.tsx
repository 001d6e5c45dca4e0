import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogContent } from './dialog.tsx';
import { Spinner } from './spinner.tsx';

/** A yes/no question over a dialog (delete, clear all): Cancel and one confirming button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  pending = false,
  destructive = true,
  testId,
  confirmTestId = 'confirm-button',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
  testId?: string;
  /** data-testid of the confirming button. */
  confirmTestId?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} closeLabel={closeLabel} className="sm:max-w-md">
        <div data-testid={testId}>
          <div className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{description}</div>
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button
              variant={destructive ? 'destructive' : 'primary'}
              disabled={pending}
              onClick={onConfirm}
              data-testid={confirmTestId}
            >
              {pending ? <Spinner className="size-4 text-current" /> : null}
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
