import { Check, Copy, Pencil, RefreshCw, StepForward } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { useCopy } from '../../../lib/use-copy.ts';

export function MessageActions({
  text,
  onRegenerate,
  onEdit,
  onContinue,
  siblings,
  fork,
  visible,
  align = 'start',
}: {
  text: string;
  onRegenerate?: () => void;
  /** Opens the inline editor (doc 2 §4.11); absent where editing is not offered. */
  onEdit?: () => void;
  /** Continues a cut-off reply (doc 3 §4); absent where not offered. */
  onContinue?: () => void;
  siblings?: ReactNode;
  /** The fork control, when offered. */
  fork?: ReactNode;
  /** Always shown (latest message); otherwise on hover/focus, and always on touch screens. */
  visible: boolean;
  align?: 'start' | 'end';
}) {
  const { copied, copy } = useCopy();
  return (
    <div className={cn('mt-1 flex items-center gap-0.5', align === 'end' && 'justify-end')}>
      {siblings}
      <div
        className={cn(
          'flex items-center gap-0.5 transition-opacity',
          visible
            ? 'opacity-100'
            : 'opacity-0 focus-within:opacity-100 group-hover/message:opacity-100 [@media(hover:none)]:opacity-100',
        )}
      >
        <IconButton
          label={copied ? t('com_ui_copied') : t('com_ui_copy')}
          size="icon-sm"
          onClick={() => copy(text)}
          data-testid="copy-button"
        >
          {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
        </IconButton>
        {onEdit ? (
          <ActionButton label={t('com_ui_edit')} onClick={onEdit} testId="edit-button">
            <Pencil className="size-4" />
          </ActionButton>
        ) : null}
        {onRegenerate ? (
          <ActionButton label={t('com_ui_regenerate')} onClick={onRegenerate} testId="regenerate-button">
            <RefreshCw className="size-4" />
          </ActionButton>
        ) : null}
        {onContinue ? (
          <ActionButton label={t('com_ui_continue')} onClick={onContinue} testId="continue-button">
            <StepForward className="size-4" />
          </ActionButton>
        ) : null}
        {fork}
      </div>
    </div>
  );
}

/** One icon action under a message, with its tooltip. */
function ActionButton({
  label,
  onClick,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <IconButton label={label} size="icon-sm" onClick={onClick} data-testid={testId}>
      {children}
    </IconButton>
  );
}
