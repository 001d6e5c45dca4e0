import { paths } from '@parley/schema';
import { type ReactNode, useId } from 'react';
import { useStartupConfig } from '../../api/config.ts';
import { Input, inputClass } from '../../components/ui/input.tsx';
import { t } from '../../i18n/t.ts';
import type { ActionForm, AuthField, StoredSecrets } from './action-form.ts';
import '../../i18n/en-agents.ts';

type SetForm = (update: (f: ActionForm) => ActionForm) => void;

/** The action's auth form (doc 3 §3, §5): none, API key (basic/bearer/custom header) or OAuth. */
export function ActionAuthFields({
  form,
  setForm,
  stored,
  missing,
}: {
  form: ActionForm;
  setForm: SetForm;
  stored: StoredSecrets;
  missing: AuthField[];
}) {
  const typeId = useId();
  // The server builds redirect_uri on DOMAIN_SERVER, which may not be the page's origin.
  const serverDomain = (useStartupConfig().data?.serverDomain || window.location.origin).replace(/\/+$/, '');
  const patch = (p: Partial<ActionForm>) => setForm((f) => ({ ...f, ...p }));
  const text = (
    field: keyof ActionForm & string,
    label: string,
    opts: { secret?: boolean; required?: boolean },
  ) => (
    <Field
      label={label}
      required={opts.required}
      hint={
        opts.secret && stored[field as keyof StoredSecrets] ? t('com_agents_action_secret_set') : undefined
      }
    >
      {(id) => (
        <Input
          id={id}
          type={opts.secret ? 'password' : 'text'}
          autoComplete="off"
          value={form[field] as string}
          data-testid={`action-${field}`}
          aria-invalid={missing.includes(field as AuthField) || undefined}
          placeholder={opts.secret && stored[field as keyof StoredSecrets] ? '••••••••' : undefined}
          onChange={(e) => patch({ [field]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="flex flex-col gap-3" data-testid="action-auth">
      <legend className="mb-2 text-sm font-medium">{t('com_agents_action_auth')}</legend>
      <div>
        <label htmlFor={typeId} className="mb-1 block text-xs text-muted-foreground">
          {t('com_agents_action_auth_type')}
        </label>
        <select
          id={typeId}
          value={form.type}
          data-testid="action-auth-type"
          onChange={(e) => patch({ type: e.target.value as ActionForm['type'] })}
          className={`${inputClass('md')} w-full`}
        >
          <option value="none">{t('com_agents_action_auth_none')}</option>
          <option value="service_http">{t('com_agents_action_auth_api_key')}</option>
          <option value="oauth">{t('com_agents_action_auth_oauth')}</option>
        </select>
      </div>
      {form.type === 'service_http' ? (
        <>
          {text('api_key', t('com_agents_action_api_key'), { secret: true, required: !stored.api_key })}
          <Choice
            label={t('com_agents_action_authorization_type')}
            name="authorization_type"
            value={form.authorization_type}
            options={[
              ['basic', t('com_agents_action_auth_basic')],
              ['bearer', t('com_agents_action_auth_bearer')],
              ['custom', t('com_agents_action_auth_custom')],
            ]}
            onChange={(v) => patch({ authorization_type: v as ActionForm['authorization_type'] })}
          />
          {form.authorization_type === 'custom'
            ? text('custom_auth_header', t('com_agents_action_custom_header'), { required: true })
            : null}
        </>
      ) : null}
      {form.type === 'oauth' ? (
        <>
          {text('oauth_client_id', t('com_agents_action_client_id'), { secret: true })}
          {text('oauth_client_secret', t('com_agents_action_client_secret'), { secret: true })}
          {text('authorization_url', t('com_agents_action_authorization_url'), { required: true })}
          {text('client_url', t('com_agents_action_token_url'), { required: true })}
          {text('scope', t('com_agents_action_scope'), { required: true })}
          <Choice
            label={t('com_agents_action_token_exchange')}
            name="token_exchange_method"
            value={form.token_exchange_method}
            options={[
              ['default_post', t('com_agents_action_exchange_post')],
              ['basic_auth_header', t('com_agents_action_exchange_basic')],
            ]}
            onChange={(v) => patch({ token_exchange_method: v as ActionForm['token_exchange_method'] })}
          />
          {form.action_id ? (
            <div>
              <p className="mb-1 text-xs text-muted-foreground">{t('com_agents_action_callback_url')}</p>
              <code
                className="block rounded-lg bg-muted px-2 py-1 text-xs [overflow-wrap:anywhere]"
                data-testid="action-callback-url"
              >
                {`${serverDomain}${paths.actionOAuthCallback(form.action_id)}`}
              </code>
            </div>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}

function Field({
  label,
  required,
  hint,
  children,
}: {
  label: string;
  required?: boolean;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-muted-foreground">
        {label} {required ? <span className="text-destructive">*</span> : null}
      </label>
      {children(id)}
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** A small labelled choice; a select rather than radios keeps a full-height tap target on phones. */
function Choice({
  label,
  name,
  value,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        data-testid={`action-${name}`}
        onChange={(e) => onChange(e.target.value)}
        className={`${inputClass('md')} w-full`}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
