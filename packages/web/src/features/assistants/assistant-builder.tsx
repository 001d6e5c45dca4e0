import type { Agent } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, MessageSquare, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  agentKeys,
  uploadAgentAvatar,
  uploadAgentFile,
  useAgentFiles,
  useAgents,
  useCreateAgent,
  useDeleteAgent,
  useUpdateAgent,
} from '../../api/agents.ts';
import { useStartupConfig } from '../../api/config.ts';
import { useEndpointsConfig, useModelsConfig } from '../../api/endpoints.ts';
import { errorText } from '../../api/errors.ts';
import { ResourceFileList } from '../../components/resource-file-list.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Input, inputClass, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-assistants.ts';
import { agentCapabilities } from '../../lib/agent-capabilities.ts';
import { agentProviders, defaultAssistantProvider } from '../../lib/agent-endpoint.ts';
import { resourceFiles, withoutResourceFile } from '../../lib/agent-resource-files.ts';
import { endpointLabel } from '../../lib/endpoint-label.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import {
  ASSISTANT_AVATAR_TYPES,
  ASSISTANT_LIMITS,
  type AssistantErrors,
  type AssistantForm,
  assistantBody,
  avatarProblem,
  emptyAssistantForm,
  formFromAgent,
  isRetrievalModel,
  nextAfterDelete,
  validateAssistant,
  withModel,
} from './assistant-form.ts';
import { StartersField } from './starters-field.tsx';

const NEW = '';

/** The user's assistants: their agents made in this builder (the list has no kind filter). */
export function useMyAssistants(enabled = true) {
  const list = useAgents({ scope: 'mine' }, enabled);
  const assistants = useMemo(
    () => (list.data?.data ?? []).filter((a) => a.kind === 'assistant'),
    [list.data],
  );
  return { ...list, assistants };
}

/**
 * The assistant builder (doc 3 §2 side panel entry 1, §4 Assistant: create → update; an avatar
 * chosen before creation is uploaded after it; delete picks the next assistant). It saves through
 * the agents API with kind 'assistant' on the OpenAI endpoint, or the first allowed provider.
 */
export function AssistantBuilder({
  initialId,
  onChat,
  runCode = true,
}: {
  /** The assistant to open first (the conversation's, when it has one). */
  initialId?: string | null;
  /** Start a chat with the assistant (composed by the app). */
  onChat?: (agent: Agent) => void;
  /** RUN_CODE USE (doc 3 §6: the run-code toggle needs it); read by the panel's host. */
  runCode?: boolean;
}) {
  const ids = useId();
  const endpoints = useEndpointsConfig();
  const models = useModelsConfig();
  const config = useStartupConfig();
  const mine = useMyAssistants();
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const remove = useDeleteAgent();
  const capabilities = agentCapabilities(endpoints.data);
  const providers = useMemo(() => agentProviders(endpoints.data), [endpoints.data]);
  const provider = defaultAssistantProvider(providers);

  const [selected, setSelected] = useState<string>(initialId ?? NEW);
  const current = mine.assistants.find((a) => a.id === selected) ?? null;
  const [form, setForm] = useState<AssistantForm | null>(null);
  const [errors, setErrors] = useState<AssistantErrors>({});
  const [avatar, setAvatar] = useState<File | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [saving, setSaving] = useState(false);
  const avatarInput = useRef<HTMLInputElement>(null);
  const avatarPreview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(() => () => (avatarPreview ? URL.revokeObjectURL(avatarPreview) : undefined), [avatarPreview]);

  // Load the chosen assistant into the form (or a fresh one), once its data and the lists are here.
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (loadedFor.current === selected) return;
    if (selected !== NEW && !current) {
      if (!mine.isPending && !mine.isFetching) setSelected(NEW);
      return;
    }
    if (selected === NEW && (!provider || !models.data)) return;
    loadedFor.current = selected;
    setErrors({});
    setAvatar(null);
    setForm(
      current
        ? formFromAgent(current)
        : emptyAssistantForm(provider ?? '', models.data?.[provider ?? '']?.[0] ?? ''),
    );
  }, [selected, current, provider, models.data, mine.isPending, mine.isFetching]);

  if (endpoints.isPending || mine.isPending || (!form && provider))
    return <Spinner className="mx-auto my-8" label={t('com_assistants_loading')} />;
  if (!provider || !form)
    return <p className="text-sm text-muted-foreground">{t('com_assistants_no_provider')}</p>;

  const set = (patch: Partial<AssistantForm>) => setForm({ ...form, ...patch });
  const modelOptions = models.data?.[form.provider] ?? [];
  const modelList =
    form.model && !modelOptions.includes(form.model) ? [form.model, ...modelOptions] : modelOptions;
  const retrieval = isRetrievalModel(form.model);
  const codeOff = !capabilities.has('execute_code') || !runCode;
  const searchOff = !capabilities.has('file_search');
  const avatarLimit = config.data?.avatarSizeLimit;

  const fieldError = (field: keyof AssistantErrors, max?: number): string | undefined => {
    const e = errors[field];
    if (!e) return undefined;
    return e === 'required'
      ? t('com_assistants_model_required')
      : t('com_assistants_too_long', { 0: max ?? 0 });
  };

  const onAvatar = (file: File | undefined) => {
    if (!file) return;
    if (avatarProblem(file, avatarLimit)) {
      toast.error(t('com_assistants_avatar_invalid', { 0: formatBytes(avatarLimit || 2 * 1024 * 1024) }));
      return;
    }
    setAvatar(file);
  };

  const save = async () => {
    const found = validateAssistant(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = assistantBody(form, current);
    setSaving(true);
    try {
      let saved = current
        ? await update.mutateAsync({ id: current.id, body })
        : await create.mutateAsync(body);
      // An avatar chosen before creation is uploaded once the assistant exists (doc 3 §4).
      if (avatar) {
        try {
          saved = await uploadAgentAvatar(saved.id, avatar);
          setAvatar(null);
        } catch (error) {
          toast.error(errorText(error, 'com_assistants_avatar_error'));
        }
      }
      toast.success(t(current ? 'com_assistants_update_success' : 'com_assistants_create_success'));
      loadedFor.current = saved.id;
      setForm(formFromAgent(saved));
      setSelected(saved.id);
    } catch (error) {
      toast.error(errorText(error, current ? 'com_assistants_update_error' : 'com_assistants_create_error'));
    } finally {
      setSaving(false);
    }
  };

  const onDelete = () => {
    if (!current) return;
    const next = nextAfterDelete(
      mine.assistants.map((a) => a.id),
      current.id,
    );
    remove.mutate(current.id, {
      onSuccess: () => {
        toast.success(t('com_assistants_delete_success'));
        setConfirmDelete(false);
        setSelected(next ?? NEW);
      },
      onError: (error) => toast.error(errorText(error, 'com_assistants_delete_error')),
    });
  };

  const shownAvatar = avatarPreview ?? current?.avatar?.filepath ?? null;

  return (
    <form
      className="flex flex-col gap-4 pb-4"
      data-testid="assistant-builder"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field label={t('com_assistants_select')} htmlFor={`${ids}-select`}>
        <select
          id={`${ids}-select`}
          value={selected}
          onChange={(e) => setSelected(e.target.value)}
          className={inputClass('sm')}
          data-testid="assistant-select"
        >
          <option value={NEW}>{t('com_assistants_create_new')}</option>
          {mine.assistants.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.id}
            </option>
          ))}
        </select>
      </Field>

      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={() => avatarInput.current?.click()}
          aria-label={t('com_assistants_avatar_choose')}
          className="inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border border-dashed border-border text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="assistant-avatar"
        >
          {shownAvatar ? (
            <img src={shownAvatar} alt="" className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-6" />
          )}
        </button>
        <input
          ref={avatarInput}
          type="file"
          accept={ASSISTANT_AVATAR_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            onAvatar(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="assistant-avatar-input"
        />
        <span className="text-xs text-muted-foreground">{t('com_assistants_avatar')}</span>
      </div>

      <Field
        label={t('com_assistants_name')}
        htmlFor={`${ids}-name`}
        error={fieldError('name', ASSISTANT_LIMITS.name)}
      >
        <Input
          id={`${ids}-name`}
          size="sm"
          value={form.name}
          maxLength={ASSISTANT_LIMITS.name}
          placeholder={t('com_assistants_name_placeholder')}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="assistant-name"
        />
      </Field>
      <Field
        label={t('com_assistants_description')}
        htmlFor={`${ids}-description`}
        error={fieldError('description', ASSISTANT_LIMITS.description)}
      >
        <Input
          id={`${ids}-description`}
          size="sm"
          value={form.description}
          maxLength={ASSISTANT_LIMITS.description}
          placeholder={t('com_assistants_description_placeholder')}
          onChange={(e) => set({ description: e.target.value })}
          data-testid="assistant-description"
        />
      </Field>
      <Field
        label={t('com_assistants_instructions')}
        htmlFor={`${ids}-instructions`}
        error={fieldError('instructions', ASSISTANT_LIMITS.instructions)}
      >
        <Textarea
          id={`${ids}-instructions`}
          rows={5}
          value={form.instructions}
          maxLength={ASSISTANT_LIMITS.instructions}
          placeholder={t('com_assistants_instructions_placeholder')}
          onChange={(e) => set({ instructions: e.target.value })}
          className="resize-y"
          data-testid="assistant-instructions"
        />
      </Field>
      <Field label={t('com_assistants_starters')} htmlFor={`${ids}-starter`}>
        <StartersField
          id={`${ids}-starter`}
          starters={form.conversation_starters}
          onChange={(conversation_starters) => set({ conversation_starters })}
        />
      </Field>
      <Field
        label={t('com_assistants_model')}
        htmlFor={`${ids}-model`}
        error={fieldError('model')}
        hint={
          providers.length > 1
            ? t('com_assistants_provider', {
                0: endpointLabel(form.provider, endpoints.data?.[form.provider]),
              })
            : undefined
        }
      >
        <select
          id={`${ids}-model`}
          value={form.model}
          onChange={(e) => setForm(withModel(form, e.target.value))}
          className={inputClass('sm')}
          aria-invalid={errors.model ? true : undefined}
          data-testid="assistant-model"
        >
          {form.model ? null : <option value="">—</option>}
          {modelList.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
        </select>
      </Field>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('com_assistants_capabilities')}</legend>
        <Toggle
          label={t('com_assistants_code_interpreter')}
          info={
            codeOff ? t('com_assistants_code_interpreter_off') : t('com_assistants_code_interpreter_info')
          }
          checked={form.code_interpreter && !codeOff}
          disabled={codeOff}
          onChange={(code_interpreter) => set({ code_interpreter })}
          testId="assistant-code"
        />
        <Toggle
          label={t('com_assistants_file_search')}
          info={
            searchOff
              ? t('com_assistants_file_search_off')
              : retrieval
                ? t('com_assistants_file_search_info')
                : t('com_assistants_non_retrieval_model')
          }
          checked={form.file_search && retrieval && !searchOff}
          disabled={searchOff || !retrieval}
          onChange={(file_search) => set({ file_search })}
          testId="assistant-file-search"
        />
        <Toggle
          label={t('com_assistants_image_vision')}
          info={t('com_assistants_image_vision_info')}
          checked={form.image_vision}
          onChange={(image_vision) => set({ image_vision })}
          testId="assistant-vision"
        />
        <Toggle
          label={t('com_assistants_append_date')}
          info={t('com_assistants_append_date_info')}
          checked={form.append_current_datetime}
          onChange={(append_current_datetime) => set({ append_current_datetime })}
          testId="assistant-append-date"
        />
      </fieldset>

      <AssistantFiles
        agent={current}
        resources={[
          ...(form.code_interpreter && !codeOff ? (['execute_code'] as const) : []),
          ...(form.file_search && retrieval && !searchOff ? (['file_search'] as const) : []),
        ]}
      />

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" size="sm" disabled={saving} data-testid="assistant-save">
          {saving ? <Spinner className="size-4" /> : null}
          {current ? t('com_assistants_save') : t('com_assistants_create')}
        </Button>
        {current && onChat ? (
          <Button variant="outline" size="sm" onClick={() => onChat(current)} data-testid="assistant-chat">
            <MessageSquare className="size-4" />
            {t('com_assistants_chat')}
          </Button>
        ) : null}
        {current ? (
          <Button
            variant="subtle-danger"
            size="icon-sm"
            className="ml-auto"
            aria-label={t('com_assistants_delete')}
            onClick={() => setConfirmDelete(true)}
            data-testid="assistant-delete"
          >
            <Trash2 className="size-4" />
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('com_assistants_delete')}
        description={t('com_assistants_delete_confirm')}
        confirmLabel={t('com_assistants_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        onConfirm={onDelete}
        pending={remove.isPending}
      />
    </form>
  );
}

/**
 * Files for the capabilities that are on (code interpreter, file search), added once the assistant
 * exists (doc 3 §5: uploads are disabled without an id); each resource lists its files with a
 * remove button, as the agent builder does.
 */
function AssistantFiles({
  agent,
  resources,
}: {
  agent: Agent | null;
  resources: readonly ('execute_code' | 'file_search')[];
}) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const files = useAgentFiles(agent?.id).data ?? [];
  const update = useUpdateAgent();
  const [target, setTarget] = useState<'execute_code' | 'file_search' | null>(null);
  const [busy, setBusy] = useState(false);
  const onFiles = async (picked: FileList | null) => {
    if (!agent || !target || !picked?.length) return;
    setBusy(true);
    try {
      for (const file of picked) await uploadAgentFile(agent.id, target, file);
    } catch (error) {
      toast.error(errorText(error, 'com_assistants_file_error'));
    } finally {
      setBusy(false);
      // The assistant's tool_resources and its file list both changed.
      void client.invalidateQueries({ queryKey: agentKeys.all });
    }
  };
  const remove = (resource: 'execute_code' | 'file_search', fileId: string) => {
    if (!agent) return;
    update.mutate(
      { id: agent.id, body: { tool_resources: withoutResourceFile(agent, resource, fileId) } },
      { onError: (error) => toast.error(errorText(error, 'com_assistants_file_remove_error')) },
    );
  };
  return (
    <div data-testid="assistant-files">
      <p className="mb-1 text-sm font-medium">{t('com_assistants_files')}</p>
      {!agent ? (
        <p className="text-xs text-muted-foreground">{t('com_assistants_files_after_create')}</p>
      ) : resources.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t('com_assistants_files_need_capability')}</p>
      ) : (
        <div className="flex flex-col gap-3">
          {resources.map((resource) => (
            <div key={resource} className="flex flex-col gap-1.5" data-testid={`assistant-files-${resource}`}>
              <div className="flex items-center justify-between gap-2 text-xs">
                <span className="min-w-0 text-muted-foreground">
                  {t(
                    resource === 'execute_code'
                      ? 'com_assistants_code_interpreter'
                      : 'com_assistants_file_search',
                  )}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={() => {
                    setTarget(resource);
                    input.current?.click();
                  }}
                  data-testid={`assistant-upload-${resource}`}
                >
                  {t('com_assistants_files_upload')}
                </Button>
              </div>
              <ResourceFileList
                files={resourceFiles(agent, files, resource)}
                disabled={busy || update.isPending}
                onRemove={(fileId) => remove(resource, fileId)}
                itemTestId="assistant-file"
              />
            </div>
          ))}
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              void onFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      )}
    </div>
  );
}

function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Toggle({
  label,
  info,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  info: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
        <p id={`${id}-info`} className="text-xs text-muted-foreground">
          {info}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-info`}
        data-testid={testId}
      />
    </div>
  );
}
