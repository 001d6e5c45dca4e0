import { DEFAULT_KEY_EXPIRY, KEY_EXPIRY_CHOICES } from '@parley/schema';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../api/errors.ts';
import { useKeyExpiry, useRevokeKey, useUpdateKey } from '../../api/keys.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Input, inputClass } from '../../components/ui/input.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import {
  buildKeyValue,
  expiresAtFor,
  formKind,
  type KeyExpiryId,
  keyFields,
  parseServiceKey,
} from './key-form.ts';

const fieldLabel = (name: string) => t(`com_key_field_${name}` as TranslationKey);

/** The per-endpoint API key dialog (doc 3 §5). */
export function ApiKeyDialog({
  endpoint,
  endpointLabel,
  userProvideURL,
  open,
  onOpenChange,
}: {
  endpoint: string;
  endpointLabel: string;
  userProvideURL?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const fields = keyFields(endpoint, userProvideURL);
  const [values, setValues] = useState<Record<string, string>>({});
  const [expiry, setExpiry] = useState<KeyExpiryId>(DEFAULT_KEY_EXPIRY);
  const [error, setError] = useState<string | null>(null);
  const [serviceKey, setServiceKey] = useState<Record<string, string> | null>(null);
  const [importStatus, setImportStatus] = useState<'success' | 'invalid' | null>(null);
  const current = useKeyExpiry(endpoint, open);
  const update = useUpdateKey();
  const revoke = useRevokeKey();

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens or the endpoint changes
  useEffect(() => {
    if (!open) return;
    setValues({});
    setExpiry(DEFAULT_KEY_EXPIRY);
    setError(null);
    setServiceKey(null);
    setImportStatus(null);
  }, [open, endpoint]);

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const parsed = parseServiceKey(file.name, await file.text());
    setServiceKey(parsed);
    setImportStatus(parsed ? 'success' : 'invalid');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = buildKeyValue(endpoint, userProvideURL, values, serviceKey);
    if (!result.ok) {
      setError(t('com_key_required') + result.missing.map(fieldLabel).join(', '));
      return;
    }
    setError(null);
    update.mutate(
      { name: endpoint, value: result.value, expiresAt: expiresAtFor(expiry) },
      {
        onSuccess: () => {
          toast.success(t('com_key_saved'));
          onOpenChange(false);
        },
        onError: (e) => setError(errorText(e, 'com_key_save_failed')),
      },
    );
  };

  const onRevoke = () =>
    revoke.mutate(endpoint, {
      onSuccess: () => toast.success(t('com_key_revoked')),
      onError: (e) => setError(errorText(e, 'com_key_revoke_failed')),
    });

  const stored = current.data;
  const status =
    stored === undefined
      ? null
      : stored === null
        ? t('com_key_none')
        : stored.expiresAt === null
          ? t('com_key_never_expires')
          : t('com_key_expires_at', { date: new Date(stored.expiresAt).toLocaleString() });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_key_dialog_title', { endpoint: endpointLabel })}
        description={status ?? undefined}
        closeLabel={t('com_key_close')}
      >
        <form data-testid="api-key-dialog" onSubmit={submit} noValidate className="flex flex-col gap-3">
          {fields.map((field) => (
            <div key={field.name}>
              <label htmlFor={`${id}-${field.name}`} className="mb-1 block text-sm font-medium">
                {fieldLabel(field.name)}
              </label>
              <Input
                id={`${id}-${field.name}`}
                name={field.name}
                type={field.secret ? 'password' : 'text'}
                autoComplete="off"
                value={values[field.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
              />
            </div>
          ))}
          {formKind(endpoint) === 'google' ? (
            <div>
              <label htmlFor={`${id}-service-key`} className="mb-1 block text-sm font-medium">
                {t('com_key_import_service_key')}
              </label>
              <input
                id={`${id}-service-key`}
                name="GOOGLE_SERVICE_KEY"
                type="file"
                accept=".json,application/json"
                onChange={(e) => void onImport(e.target.files?.[0])}
                className="text-sm"
              />
              {importStatus ? (
                <p
                  data-testid="service-key-status"
                  className={
                    importStatus === 'success'
                      ? 'mt-1 text-sm text-green-600'
                      : 'mt-1 text-sm text-destructive'
                  }
                >
                  {t(importStatus === 'success' ? 'com_key_import_success' : 'com_key_import_invalid')}
                </p>
              ) : null}
            </div>
          ) : null}
          <div>
            <label htmlFor={`${id}-expiry`} className="mb-1 block text-sm font-medium">
              {t('com_key_expiry')}
            </label>
            <select
              id={`${id}-expiry`}
              data-testid="api-key-expiry"
              value={expiry}
              onChange={(e) => setExpiry(e.target.value as KeyExpiryId)}
              className={`${inputClass()} w-full`}
            >
              {KEY_EXPIRY_CHOICES.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {t(`com_key_exp_${choice.id}` as TranslationKey)}
                </option>
              ))}
            </select>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="mt-2 flex items-center gap-2">
            {stored ? (
              <Button
                variant="destructive"
                size="sm"
                data-testid="api-key-revoke"
                onClick={onRevoke}
                disabled={revoke.isPending}
              >
                {t('com_key_revoke')}
              </Button>
            ) : null}
            <Button variant="outline" size="sm" className="ml-auto" onClick={() => onOpenChange(false)}>
              {t('com_key_cancel')}
            </Button>
            <Button
              variant="primary"
              size="sm"
              type="submit"
              data-testid="api-key-submit"
              disabled={update.isPending}
            >
              {t('com_key_submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
