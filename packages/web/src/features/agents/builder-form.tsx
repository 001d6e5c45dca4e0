import {
  AGENT_CATEGORIES,
  AGENT_DESCRIPTION_MAX,
  AGENT_NAME_MAX,
  type Agent,
  type AgentCapability,
} from '@parley/schema';
import { ChevronRight, Copy, Plus, Trash2, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Input, inputClass, Textarea } from '../../components/ui/input.tsx';
import { type TranslationKey, t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import {
  addStarter,
  canAddStarter,
  canDuplicateAgent,
  canShareAgent,
  removeStarter,
  setStarter,
  type Viewer,
} from './agent-form.ts';
import { AvatarField } from './avatar-field.tsx';
import { CapabilitySections } from './capability-sections.tsx';
import { HistorySection } from './history-section.tsx';
import { SharingSection } from './sharing-section.tsx';
import type { AgentEditor } from './use-agent-editor.ts';
import '../../i18n/en-agents.ts';

const CATEGORY_KEYS: Record<(typeof AGENT_CATEGORIES)[number], TranslationKey> = {
  general: 'com_agents_category_general',
  hr: 'com_agents_category_hr',
  rd: 'com_agents_category_rd',
  finance: 'com_agents_category_finance',
  it: 'com_agents_category_it',
  sales: 'com_agents_category_sales',
  aftersales: 'com_agents_category_aftersales',
};

function Field({
  label,
  id,
  error,
  children,
  counter,
}: {
  label: ReactNode;
  id: string;
  error?: string;
  counter?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {counter ? <span className="text-xs text-muted-foreground">{counter}</span> : null}
      </div>
      {children}
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1 text-xs text-destructive"
          data-testid={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The builder sub-panel: the agent's fields, its capabilities and what can be done with it. */
export function BuilderForm({
  editor,
  agents,
  capabilities,
  runCode,
  mcpServers,
  viewer,
  sharedGlobal,
  instanceProjectId,
  avatarSizeLimit,
  onOpenModel,
  onOpenAdvanced,
  onOpenActions,
  onDelete,
}: {
  editor: AgentEditor;
  /** Agents the viewer may edit, for the select. */
  agents: Agent[];
  capabilities: ReadonlySet<AgentCapability>;
  runCode: boolean;
  /** MCP_SERVERS USE: the MCP servers section lists the user's servers. */
  mcpServers: boolean;
  viewer: Viewer;
  sharedGlobal: boolean;
  instanceProjectId: string;
  avatarSizeLimit?: number;
  onOpenModel: () => void;
  onOpenAdvanced: () => void;
  onOpenActions: () => void;
  onDelete: () => void;
}) {
  const { form, setForm, errors, agent } = editor;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ids = {
    select: useId(),
    name: 'agent-name',
    description: 'agent-description',
    instructions: 'agent-instructions',
    category: useId(),
  };
  const err = (key?: string) => (key ? t(key as TranslationKey) : undefined);
  const selectValue = editor.selectedId ?? '';

  return (
    <div className="flex flex-col gap-4" data-testid="agent-builder">
      <div>
        <label htmlFor={ids.select} className="sr-only">
          {t('com_agents_select_agent')}
        </label>
        <select
          id={ids.select}
          value={selectValue}
          data-testid="agent-select"
          onChange={(e) => {
            const id = e.target.value;
            const picked = agents.find((a) => a.id === id);
            if (picked) editor.select(picked);
            else editor.createNew();
          }}
          className={`${inputClass('md')} w-full`}
        >
          <option value="">{t('com_agents_create_new')}</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || t('com_agents_unnamed')}
            </option>
          ))}
        </select>
      </div>

      <AvatarField
        agent={agent}
        pending={editor.pendingAvatar}
        progress={editor.avatarProgress}
        uploading={editor.avatarUploading}
        onChoose={editor.chooseAvatar}
        sizeLimit={avatarSizeLimit}
      />

      <Field
        label={t('com_agents_name')}
        id={ids.name}
        error={err(errors.name)}
        counter={`${form.name.length} / ${AGENT_NAME_MAX}`}
      >
        <Input
          id={ids.name}
          data-testid="agent-name"
          value={form.name}
          aria-invalid={!!errors.name || undefined}
          placeholder={t('com_agents_name_placeholder')}
          onChange={(e) => {
            const name = e.target.value;
            setForm((f) => ({ ...f, name }));
          }}
        />
      </Field>
      <Field
        label={t('com_agents_description')}
        id={ids.description}
        error={err(errors.description)}
        counter={`${form.description.length} / ${AGENT_DESCRIPTION_MAX}`}
      >
        <Input
          id={ids.description}
          data-testid="agent-description"
          value={form.description}
          aria-invalid={!!errors.description || undefined}
          placeholder={t('com_agents_description_placeholder')}
          onChange={(e) => {
            const description = e.target.value;
            setForm((f) => ({ ...f, description }));
          }}
        />
      </Field>
      <Field label={t('com_agents_category')} id={ids.category}>
        <select
          id={ids.category}
          value={form.category}
          data-testid="agent-category"
          onChange={(e) => {
            const category = e.target.value as typeof form.category;
            setForm((f) => ({ ...f, category }));
          }}
          className={`${inputClass('md')} w-full`}
        >
          {AGENT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(CATEGORY_KEYS[c])}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={
          <>
            {t('com_agents_instructions')} <span className="text-destructive">*</span>
          </>
        }
        id={ids.instructions}
        error={err(errors.instructions)}
      >
        <Textarea
          id={ids.instructions}
          data-testid="agent-instructions"
          rows={5}
          value={form.instructions}
          aria-invalid={!!errors.instructions || undefined}
          aria-describedby={errors.instructions ? `${ids.instructions}-error` : undefined}
          placeholder={t('com_agents_instructions_placeholder')}
          className="resize-y"
          onChange={(e) => {
            const instructions = e.target.value;
            setForm((f) => ({ ...f, instructions }));
          }}
        />
      </Field>

      <section data-testid="agent-starters">
        <div className="mb-1 flex items-center justify-between">
          <span className="text-sm font-medium">{t('com_agents_starters')}</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={!canAddStarter(form)}
            onClick={() => setForm(addStarter)}
            data-testid="agent-starter-add"
          >
            <Plus className="size-4" />
            {t('com_agents_starter_add')}
          </Button>
        </div>
        <div className="flex flex-col gap-1.5">
          {form.conversation_starters.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: starters are edited in place by position
            <div key={index} className="flex items-center gap-1">
              <Input
                size="sm"
                value={text}
                maxLength={64}
                aria-label={t('com_agents_starter_n', { n: index + 1 })}
                data-testid="agent-starter"
                onChange={(e) => {
                  const value = e.target.value;
                  setForm((f) => setStarter(f, index, value));
                }}
              />
              <Button
                variant="subtle"
                size="icon-sm"
                aria-label={t('com_agents_starter_remove')}
                onClick={() => setForm((f) => removeStarter(f, index))}
              >
                <X className="size-4" />
              </Button>
            </div>
          ))}
        </div>
      </section>

      <NavRow
        testId="agent-open-model"
        label={t('com_agents_model')}
        value={
          form.provider && form.model ? `${form.provider} · ${form.model}` : t('com_agents_select_model')
        }
        invalid={!!errors.model}
        onClick={onOpenModel}
      />

      <CapabilitySections
        editor={editor}
        capabilities={capabilities}
        runCode={runCode}
        mcpServers={mcpServers}
      />

      {capabilities.has('actions') ? (
        <NavRow testId="agent-open-actions" label={t('com_agents_actions')} onClick={onOpenActions} />
      ) : null}

      <NavRow testId="agent-open-advanced" label={t('com_agents_advanced')} onClick={onOpenAdvanced} />

      <div className="flex flex-wrap items-center gap-2 border-t border-border pt-3">
        <Button variant="primary" onClick={editor.save} disabled={editor.saving} data-testid="agent-save">
          {form.id ? t('com_ui_save') : t('com_agents_create')}
        </Button>
        {canDuplicateAgent(agent, viewer) ? (
          <Button variant="outline" size="md" onClick={editor.dup} data-testid="agent-duplicate">
            <Copy className="size-4" />
            {t('com_agents_duplicate')}
          </Button>
        ) : null}
        {form.id ? (
          <Button
            variant="subtle-danger"
            size="md"
            onClick={() => setConfirmDelete(true)}
            data-testid="agent-delete"
          >
            <Trash2 className="size-4" />
            {t('com_ui_delete')}
          </Button>
        ) : null}
      </div>

      {agent && canShareAgent(agent, viewer, sharedGlobal) ? (
        <SharingSection agent={agent} instanceProjectId={instanceProjectId} />
      ) : null}
      {agent ? (
        <HistorySection agent={agent} isAuthor={agent.author === viewer?.id} onReverted={editor.reload} />
      ) : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('com_agents_delete_title')}
        description={t('com_agents_delete_confirm', { name: form.name || t('com_agents_unnamed') })}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        pending={editor.deleting}
        testId="agent-delete-dialog"
        onConfirm={() => {
          setConfirmDelete(false);
          onDelete();
        }}
      />
    </div>
  );
}

function NavRow({
  label,
  value,
  invalid,
  onClick,
  testId,
}: {
  label: string;
  value?: string;
  invalid?: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-testid={testId}
      className={cn(
        'flex w-full items-center gap-2 rounded-xl border border-border px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        invalid && 'border-destructive',
      )}
    >
      <span className="font-medium">{label}</span>
      {value ? <span className="ml-auto min-w-0 truncate text-xs text-muted-foreground">{value}</span> : null}
      <ChevronRight className={cn('size-4 shrink-0 text-muted-foreground', !value && 'ml-auto')} />
    </button>
  );
}
