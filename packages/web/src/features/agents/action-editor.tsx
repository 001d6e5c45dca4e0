import type { Action, Agent } from '@parley/schema';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useSaveAction } from '../../api/agent-actions.ts';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { ActionAuthFields } from './action-auth-fields.tsx';
import { actionBody, actionFormFrom, authErrors, emptyActionForm, storedSecrets } from './action-form.ts';
import { specUsable, useSpecCheck } from './use-spec-check.ts';
import '../../i18n/en-agents.ts';

/**
 * One action's editor (doc 3 §5): the spec (checked by the server after a pause), its functions,
 * the auth form and Save. Save is enabled once the spec has functions and the auth form is complete.
 */
export function ActionEditor({
  agentId,
  action,
  onSaved,
}: {
  agentId: string;
  action?: Action;
  /** The saved agent (its tools changed) and action. */
  onSaved: (agent: Agent, action: Action) => void;
}) {
  const [form, setForm] = useState(() => (action ? actionFormFrom(action) : emptyActionForm()));
  const stored = storedSecrets(action);
  const check = useSpecCheck(form.raw_spec);
  const save = useSaveAction(agentId);
  const specId = useId();
  const privacyId = useId();
  const missing = authErrors(form, stored);
  const usable = specUsable(check);
  const result = check.state === 'done' ? check.result : null;
  // Doc 3 §5: the domain is the host of the first operation's URL.
  const domain = usable ? (check.result.functions[0]?.domain ?? check.result.domain ?? '') : '';

  const submit = () => {
    if (!usable || missing.length > 0) return;
    save.mutate(actionBody(form, domain), {
      onSuccess: ([agent, saved]) => {
        toast.success(t('com_assistants_update_actions_success'));
        setForm(actionFormFrom(saved));
        onSaved(agent, saved);
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.message
            ? error.message
            : t('com_assistants_update_actions_error'),
        ),
    });
  };

  return (
    <div className="flex flex-col gap-4" data-testid="action-editor">
      <h3 className="text-sm font-semibold">
        {action ? t('com_agents_action_edit') : t('com_agents_action_new')}
      </h3>
      <div>
        <label htmlFor={specId} className="mb-1 block text-sm font-medium">
          {t('com_agents_action_spec')} <span className="text-destructive">*</span>
        </label>
        <Textarea
          id={specId}
          rows={12}
          spellCheck={false}
          value={form.raw_spec}
          placeholder={t('com_agents_action_spec_placeholder')}
          data-testid="action-spec"
          aria-invalid={(result && !usable) || undefined}
          className="resize-y font-mono text-xs"
          onChange={(e) => {
            const raw_spec = e.target.value;
            setForm((f) => ({ ...f, raw_spec }));
          }}
        />
        {check.state === 'checking' ? (
          <p className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
            <Spinner className="size-3" />
            {t('com_agents_action_checking')}
          </p>
        ) : null}
        {result ? (
          <div
            className={`mt-1 text-xs ${usable ? 'text-muted-foreground' : 'text-destructive'}`}
            data-testid="action-spec-message"
            role={usable ? 'status' : 'alert'}
          >
            {result.message.split('\n').map((line, i) => (
              // Lines of one message never reorder, so their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <p key={i} className="[overflow-wrap:anywhere]">
                {line}
              </p>
            ))}
          </div>
        ) : null}
      </div>

      {result && result.functions.length > 0 ? (
        // A list rather than a table: the panel is narrow, and a table breaks names mid-word.
        <ul className="flex flex-col rounded-xl border border-border text-xs" data-testid="action-functions">
          {result.functions.map((fn) => (
            <li
              key={fn.tool}
              className="flex flex-col gap-0.5 border-border px-3 py-2 [&:not(:first-child)]:border-t"
              title={fn.description || undefined}
            >
              <span className="font-mono font-medium [overflow-wrap:anywhere]">
                <span className="sr-only">{t('com_agents_action_function_name')}: </span>
                {fn.name}
              </span>
              <span className="flex min-w-0 gap-2 text-muted-foreground">
                <span className="shrink-0 font-semibold uppercase">
                  <span className="sr-only">{t('com_agents_action_function_method')}: </span>
                  {fn.method}
                </span>
                <span className="min-w-0 font-mono [overflow-wrap:anywhere]">
                  <span className="sr-only">{t('com_agents_action_function_path')}: </span>
                  {fn.path}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      <ActionAuthFields form={form} setForm={setForm} stored={stored} missing={missing} />

      <div>
        <label htmlFor={privacyId} className="mb-1 block text-xs text-muted-foreground">
          {t('com_agents_action_privacy_url')}
        </label>
        <Input
          id={privacyId}
          type="url"
          value={form.privacy_policy_url}
          data-testid="action-privacy-url"
          onChange={(e) => {
            const privacy_policy_url = e.target.value;
            setForm((f) => ({ ...f, privacy_policy_url }));
          }}
        />
      </div>

      <div className="flex justify-end border-t border-border pt-3">
        <Button
          variant="primary"
          onClick={submit}
          disabled={!usable || missing.length > 0 || save.isPending}
          data-testid="action-save"
        >
          {save.isPending ? <Spinner className="size-4" /> : null}
          {form.action_id ? t('com_agents_action_update') : t('com_ui_save')}
        </Button>
      </div>
    </div>
  );
}
