import { useQueryClient } from '@tanstack/react-query';
import { Dialog as Radix } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { acceptTerms, accountKeys, useTermsState } from '../../api/account.ts';
import { useStartupConfig } from '../../api/config.ts';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';

const prevent = (e: Event) => e.preventDefault();

/**
 * Terms of service (doc 3 §4 Terms modal): shown while the user has not accepted, when the config
 * asks for acceptance. Accept records it on the server; Decline signs out. Escape and clicks
 * outside do nothing, and there is no close button: one of the two choices must be made.
 */
export function TermsModal({ onDecline }: { onDecline: () => void }) {
  const terms = useStartupConfig().data?.interface.termsOfService;
  const required = terms?.modalAcceptance === true;
  const state = useTermsState(required);
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  const open = required && state.data?.termsAccepted === false;
  if (!open) return null;

  const accept = () => {
    setPending(true);
    acceptTerms()
      .then((next) => qc.setQueryData(accountKeys.terms, next))
      .catch(() => toast.error(t('com_ui_terms_accept_error')))
      .finally(() => setPending(false));
  };

  return (
    <Radix.Root open>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px] animate-in-fade" />
        <Radix.Content
          onEscapeKeyDown={prevent}
          onPointerDownOutside={prevent}
          onInteractOutside={prevent}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border bg-popover text-popover-foreground shadow-2xl outline-none animate-in-zoom"
          data-testid="terms-modal"
        >
          <div className="border-b border-border px-6 py-4">
            <Radix.Title className="text-lg font-semibold">
              {terms?.modalTitle || t('com_ui_terms_of_service')}
            </Radix.Title>
            <Radix.Description className="sr-only">{t('com_ui_terms_of_service')}</Radix.Description>
          </div>
          {/* Terms body max height 60vh (doc 3 §9). */}
          <div className="max-h-[60vh] overflow-y-auto px-6 py-4 text-sm" data-testid="terms-content">
            {terms?.modalContent ? (
              <Markdown text={terms.modalContent} streaming={false} />
            ) : (
              <p className="text-muted-foreground">{t('com_ui_no_terms_content')}</p>
            )}
          </div>
          <div className="flex justify-end gap-2 border-t border-border px-6 py-4">
            <Button
              variant="outline"
              size="sm"
              onClick={onDecline}
              disabled={pending}
              data-testid="terms-decline"
            >
              {t('com_ui_decline')}
            </Button>
            <Button
              variant="primary"
              size="sm"
              onClick={accept}
              disabled={pending}
              data-testid="terms-accept"
            >
              {pending ? <Spinner className="size-4" /> : null}
              {t('com_ui_accept')}
            </Button>
          </div>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
