import { promptVariables } from '@parley/schema';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import { useCreatePrompt, usePromptCategories } from '../../api/prompts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, inputClass, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { cn } from '../../lib/cn.ts';
import { useRedirectWhenDenied } from './access.ts';
import { categoryLabel } from './categories.ts';
import { BackToList, Field } from './fields.tsx';
import {
  canSubmit,
  commandCounter,
  commandInput,
  createBody,
  emptyPromptForm,
  onelinerCounter,
  type PromptFormValues,
  rememberCategory,
  validatePromptForm,
} from './prompt-form.ts';

const ERROR_TEXT = {
  name: 'com_prompts_name_required',
  prompt: 'com_prompts_text_required',
  oneliner: 'com_prompts_oneliner_too_long',
} as const;

/**
 * /d/prompts/new (doc 2 §2.5, §5.9): name and text required, category (the last used is
 * remembered), oneliner with its n/120 counter, the command normalised as typed with its counter.
 * Create is enabled when the form is dirty, valid and not submitting; success opens the new group,
 * replacing this page in history. Users without PROMPTS CREATE go to /chat/new after 1 s.
 */
export function CreatePromptForm({ canCreate }: { canCreate: boolean }) {
  const [initial] = useState(emptyPromptForm);
  const [values, setValues] = useState<PromptFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof PromptFormValues, boolean>>>({});
  const categories = usePromptCategories();
  const create = useCreatePrompt();
  const navigate = useNavigate();
  const id = useId();
  useRedirectWhenDenied(!canCreate);

  if (!canCreate)
    return (
      <p className="m-auto px-6 text-center text-sm text-muted-foreground" data-testid="prompts-no-create">
        {t('com_prompts_no_create')}
      </p>
    );

  const errors = validatePromptForm(values);
  const shown = (field: keyof typeof ERROR_TEXT) =>
    touched[field] && errors[field] ? t(ERROR_TEXT[field]) : undefined;
  const set = (patch: Partial<PromptFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const touch = (field: keyof PromptFormValues) => setTouched((s) => ({ ...s, [field]: true }));
  const variables = promptVariables(values.prompt);

  const submit = () => {
    setTouched({ name: true, prompt: true, oneliner: true });
    if (!canSubmit(values, initial, create.isPending)) return;
    create.mutate(createBody(values), {
      onSuccess: (result) => {
        rememberCategory(values.category);
        navigate(`/d/prompts/${encodeURIComponent(result.group._id)}`, { replace: true });
      },
      onError: (error) =>
        toast.error(error instanceof ApiError && error.field ? error.message : t('com_prompts_create_error')),
    });
  };

  return (
    <form
      className="mx-auto flex w-full max-w-3xl min-w-0 flex-1 flex-col gap-4 overflow-y-auto p-4"
      data-testid="prompt-create-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <BackToList />
      <h2 className="text-lg font-semibold">{t('com_prompts_new')}</h2>
      <Field id={`${id}-name`} label={t('com_prompts_name')} error={shown('name')} testId="prompt-name">
        <Input
          id={`${id}-name`}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          onBlur={() => touch('name')}
          placeholder={t('com_prompts_name_placeholder')}
          aria-invalid={shown('name') ? true : undefined}
          aria-describedby={shown('name') ? `${id}-name-error` : undefined}
          data-testid="prompt-name-input"
          autoFocus
        />
      </Field>
      <Field id={`${id}-text`} label={t('com_prompts_text')} error={shown('prompt')} testId="prompt-text">
        <Textarea
          id={`${id}-text`}
          value={values.prompt}
          onChange={(e) => set({ prompt: e.target.value })}
          onBlur={() => touch('prompt')}
          placeholder={t('com_prompts_text_placeholder')}
          aria-invalid={shown('prompt') ? true : undefined}
          aria-describedby={shown('prompt') ? `${id}-text-error` : undefined}
          data-testid="prompt-text-input"
          rows={6}
          className="min-h-32 resize-y"
        />
        {variables.length > 0 ? (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="prompt-variables">
            {t('com_prompts_variables_hint', { 0: variables.map((v) => v.name).join(', ') })}
          </p>
        ) : null}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-category`} label={t('com_prompts_category')}>
          <select
            id={`${id}-category`}
            value={values.category}
            onChange={(e) => set({ category: e.target.value })}
            data-testid="prompt-category-input"
            className={cn(inputClass('md'), 'w-full')}
          >
            <option value="">{t('com_prompts_no_category')}</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.value} value={c.value}>
                {categoryLabel(c.value)}
              </option>
            ))}
            {/* A remembered category the server no longer lists stays choosable. */}
            {values.category &&
            categories.data &&
            !categories.data.some((c) => c.value === values.category) ? (
              <option value={values.category}>{categoryLabel(values.category)}</option>
            ) : null}
          </select>
        </Field>
        <Field
          id={`${id}-command`}
          label={t('com_prompts_command')}
          counter={commandCounter(values.command)}
          testId="prompt-command"
          hint={values.command ? t('com_prompts_command_hint', { 0: values.command }) : undefined}
        >
          <div className="relative">
            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
              /
            </span>
            <Input
              id={`${id}-command`}
              value={values.command}
              onChange={(e) => set({ command: commandInput(e.target.value) })}
              placeholder={t('com_prompts_command_placeholder')}
              data-testid="prompt-command-input"
              className="pl-6 font-mono"
              autoCapitalize="off"
              spellCheck={false}
            />
          </div>
        </Field>
      </div>
      <Field
        id={`${id}-oneliner`}
        label={t('com_prompts_oneliner')}
        error={shown('oneliner')}
        counter={onelinerCounter(values.oneliner)}
        testId="prompt-oneliner"
      >
        <Input
          id={`${id}-oneliner`}
          value={values.oneliner}
          onChange={(e) => {
            set({ oneliner: e.target.value });
            touch('oneliner');
          }}
          placeholder={t('com_prompts_oneliner_placeholder')}
          aria-invalid={shown('oneliner') ? true : undefined}
          data-testid="prompt-oneliner-input"
        />
      </Field>
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="primary"
          disabled={!canSubmit(values, initial, create.isPending)}
          data-testid="prompt-create-submit"
        >
          {create.isPending ? <Spinner className="size-4 text-current" /> : null}
          {t('com_prompts_create_button')}
        </Button>
      </div>
    </form>
  );
}
