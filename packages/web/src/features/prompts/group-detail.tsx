import {
  normalizeCommand,
  PROMPT_ONELINER_MAX,
  PROMPT_SAVE_DEBOUNCE_MS,
  type Prompt,
  type PromptGroup,
} from '@parley/schema';
import { EyeOff, Globe, PanelRight, Pencil, X } from 'lucide-react';
import { Dialog as Radix } from 'radix-ui';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import {
  useAddPromptVersion,
  useDeletePromptGroup,
  useDeletePromptVersion,
  useMakeProduction,
  usePromptCategories,
  usePromptGroup,
  usePromptVersions,
  useUpdatePromptGroup,
} from '../../api/prompts.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Input, inputClass } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { cn } from '../../lib/cn.ts';
import type { PromptAccess } from './access.ts';
import { ActionsPanel } from './actions-panel.tsx';
import { categoryLabel } from './categories.ts';
import { CompareDialog } from './compare-dialog.tsx';
import { useEditorMode } from './editor-mode.ts';
import { BackToList, Field } from './fields.tsx';
import { PromptTextEditor, PromptTextView } from './prompt-editor.tsx';
import { commandCounter, onelinerCounter } from './prompt-form.ts';
import { ShareDialog } from './share-dialog.tsx';
import { useDebouncedSave } from './use-debounced-save.ts';
import { newestFirst, versionNumber } from './versions.ts';

const isHidden = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/**
 * /d/prompts/:groupId (doc 2 §2.5, §6): the editor for the group's author (or an ADMIN), a
 * read-only view for others who may see it, and the 'not shared' page for a group they may not.
 */
export function GroupDetail({ access }: { access: PromptAccess }) {
  const { groupId = '' } = useParams();
  const group = usePromptGroup(groupId);
  if (group.isPending) return <Spinner className="m-auto" label={t('com_prompts_loading')} />;
  if (group.isError)
    return isHidden(group.error) ? (
      <NotShared />
    ) : (
      <p className="m-auto px-6 text-center text-sm text-destructive">{t('com_prompts_load_error')}</p>
    );
  if (!group.data.canEdit) return <ReadOnlyGroup group={group.data} />;
  return <GroupEditor group={group.data} access={access} />;
}

/** A group the user may not see (doc 2 §6). */
function NotShared() {
  return (
    <div
      className="m-auto flex max-w-sm flex-col items-center gap-3 px-6 text-center"
      data-testid="prompt-not-shared"
    >
      <EyeOff className="size-10 text-muted-foreground" strokeWidth={1.5} />
      <h2 className="text-lg font-semibold">{t('com_prompts_not_shared_title')}</h2>
      <p className="text-sm text-muted-foreground">{t('com_prompts_not_shared')}</p>
      <Link to="/d/prompts" className={buttonClass({ variant: 'outline', size: 'sm', className: 'h-9' })}>
        {t('com_prompts_back_to_prompts')}
      </Link>
    </div>
  );
}

function GroupTitle({ group }: { group: PromptGroup }) {
  return (
    <h2 className="flex min-w-0 items-center gap-2 text-xl font-semibold" data-testid="prompt-group-name">
      <span className="min-w-0 truncate">{group.name}</span>
      {group.isPublic ? (
        <Globe
          className="size-5 shrink-0 text-green-600 dark:text-green-400"
          role="img"
          aria-label={t('com_prompts_shared_global')}
          data-testid="prompt-detail-shared-global"
        />
      ) : null}
    </h2>
  );
}

/** Someone else's group, shared with the user: read only (doc 2 §6). */
function ReadOnlyGroup({ group }: { group: PromptGroup }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto" data-testid="prompt-read-only">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4">
        <BackToList />
        <GroupTitle group={group} />
        <p className="text-sm text-muted-foreground">
          {t('com_prompts_by', { 0: group.authorName })} · {categoryLabel(group.category)}
          {group.command ? <span className="ml-2 font-mono">/{group.command}</span> : null}
        </p>
        {group.oneliner ? <p className="text-sm">{group.oneliner}</p> : null}
        <p className="rounded-lg bg-muted/50 px-3 py-2 text-xs text-muted-foreground">
          {t('com_prompts_read_only')}
        </p>
        <section className="flex flex-col gap-1.5">
          <h3 className="text-sm font-medium">{t('com_prompts_production_text')}</h3>
          <PromptTextView text={group.productionPrompt?.prompt ?? ''} />
        </section>
      </div>
    </div>
  );
}

type Confirm = { kind: 'group' } | { kind: 'version'; index: number } | null;

/** The author's (or an ADMIN's) editor (doc 2 §4.7–4.9). */
function GroupEditor({ group, access }: { group: PromptGroup; access: PromptAccess }) {
  const navigate = useNavigate();
  const { mode, alwaysMakeProduction, setAlwaysMakeProduction } = useEditorMode();
  const versions = usePromptVersions(group._id);
  const list: Prompt[] = useMemo(() => newestFirst(versions.data ?? []), [versions.data]);
  const [selected, setSelected] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const update = useUpdatePromptGroup();
  const addVersion = useAddPromptVersion();
  const production = useMakeProduction();
  const deleteVersion = useDeletePromptVersion();
  const deleteGroup = useDeletePromptGroup();

  // Simple mode edits the production version; advanced the one chosen in the list.
  const productionIndex = Math.max(
    list.findIndex((v) => v._id === group.productionId),
    0,
  );
  const index = mode === 'simple' ? productionIndex : Math.min(selected, Math.max(list.length - 1, 0));
  const shown = list[index];
  const shownText = shown?.prompt ?? group.productionPrompt?.prompt ?? '';

  const patch = (body: Parameters<typeof update.mutate>[0]['body']) =>
    update.mutate(
      { groupId: group._id, body },
      { onError: () => toast.error(t('com_prompts_update_error')) },
    );

  const saveText = (text: string) =>
    addVersion.mutate(
      { groupId: group._id, prompt: { prompt: text, type: 'text' }, makeProduction: alwaysMakeProduction },
      {
        onSuccess: () => {
          setSelected(0);
          toast.success(t('com_prompts_text_saved', { 0: list.length + 1 }));
        },
        onError: () => toast.error(t('com_prompts_update_error')),
      },
    );

  const makeProduction = () => {
    if (!shown || shown._id === group.productionId) return;
    production.mutate(
      { promptId: shown._id, groupId: group._id, prompt: shown.prompt },
      { onError: () => toast.error(t('com_prompts_production_error')) },
    );
  };

  const onConfirm = () => {
    if (!confirm) return;
    if (confirm.kind === 'group') {
      deleteGroup.mutate(group._id, {
        onSuccess: () => {
          setConfirm(null);
          toast.success(t('com_prompts_deleted'));
          navigate('/d/prompts', { replace: true });
        },
        onError: () => toast.error(t('com_prompts_delete_error')),
      });
      return;
    }
    const version = list[confirm.index];
    if (!version) return;
    deleteVersion.mutate(
      { promptId: version._id, groupId: group._id },
      {
        onSuccess: (result) => {
          setConfirm(null);
          if (result.promptGroup) {
            toast.success(t('com_prompts_deleted'));
            navigate('/d/prompts', { replace: true });
            return;
          }
          toast.success(t('com_prompts_version_deleted'));
          setSelected(0);
        },
        onError: () => toast.error(t('com_prompts_delete_error')),
      },
    );
  };

  const panel = (
    <ActionsPanel
      group={group}
      versions={list}
      loading={versions.isPending}
      selectedIndex={index}
      onSelect={(i) => {
        setSelected(i);
        setPanelOpen(false);
      }}
      mode={mode}
      alwaysMakeProduction={alwaysMakeProduction}
      onAlwaysMakeProduction={setAlwaysMakeProduction}
      onMakeProduction={makeProduction}
      makingProduction={production.isPending}
      onDeleteVersion={(i) => setConfirm({ kind: 'version', index: i })}
      onShare={() => {
        setPanelOpen(false);
        setShareOpen(true);
      }}
      onDeleteGroup={() => setConfirm({ kind: 'group' })}
      onCompare={() => {
        setPanelOpen(false);
        setCompareOpen(true);
      }}
    />
  );

  return (
    <div className="flex min-h-0 flex-1" data-testid="prompt-editor">
      <div className="min-h-0 min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4">
          <BackToList />
          <div className="flex items-center gap-1">
            <GroupTitle group={group} />
            <IconButton
              label={t('com_prompts_rename')}
              size="icon-sm"
              onClick={() => setRenaming(true)}
              data-testid="prompt-rename"
            >
              <Pencil className="size-4" />
            </IconButton>
            <div className="flex-1" />
            <Button
              variant="outline"
              size="sm"
              className="h-9 lg:hidden"
              onClick={() => setPanelOpen(true)}
              data-testid="prompt-actions-open"
            >
              <PanelRight className="size-4" />
              {t('com_prompts_actions')}
            </Button>
          </div>
          {group.author !== access.userId ? (
            <p className="-mt-2 text-xs text-muted-foreground">
              {t('com_prompts_by', { 0: group.authorName })}
            </p>
          ) : null}
          {mode === 'advanced' && shown ? (
            <p className="-mt-2 text-xs text-muted-foreground" data-testid="prompt-shown-version">
              {t('com_prompts_version_n', { 0: versionNumber(list.length, index) })}
            </p>
          ) : null}
          <GroupFields group={group} onPatch={patch} />
          <PromptTextEditor
            key={shown?._id ?? 'none'}
            text={shownText}
            onSave={saveText}
            disabled={addVersion.isPending}
          />
        </div>
      </div>
      <aside className="hidden w-80 shrink-0 overflow-y-auto border-l border-border lg:block">{panel}</aside>
      <ActionsSheet open={panelOpen} onOpenChange={setPanelOpen}>
        {panel}
      </ActionsSheet>
      <ShareDialog
        group={group}
        open={shareOpen}
        onOpenChange={setShareOpen}
        canShareGlobal={access.sharedGlobal}
      />
      {list.length > 1 ? (
        <CompareDialog
          versions={list}
          selectedIndex={index}
          open={compareOpen}
          onOpenChange={setCompareOpen}
        />
      ) : null}
      <RenameDialog
        open={renaming}
        onOpenChange={setRenaming}
        name={group.name}
        pending={update.isPending}
        onRename={(name) =>
          update.mutate(
            { groupId: group._id, body: { name } },
            {
              onSuccess: () => setRenaming(false),
              onError: () => toast.error(t('com_prompts_update_error')),
            },
          )
        }
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.kind === 'version' ? t('com_prompts_delete_version_title') : t('com_prompts_delete_group')
        }
        description={
          confirm?.kind === 'version'
            ? list.length === 1
              ? t('com_prompts_delete_last_version_confirm', { 0: group.name })
              : t('com_prompts_delete_version_confirm', { 0: versionNumber(list.length, confirm.index) })
            : t('com_prompts_delete_group_confirm', { 0: group.name })
        }
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        onConfirm={onConfirm}
        pending={deleteGroup.isPending || deleteVersion.isPending}
        testId="prompt-delete-dialog"
      />
    </div>
  );
}

/** Category (saved at once), command and oneliner (saved 950 ms after typing stops; doc 2 §5.9). */
function GroupFields({
  group,
  onPatch,
}: {
  group: PromptGroup;
  onPatch: (body: { oneliner?: string; command?: string; category?: string }) => void;
}) {
  const id = useId();
  const categories = usePromptCategories();
  const [oneliner, setOneliner] = useState(group.oneliner);
  const [command, setCommand] = useState(group.command);
  // Only a value that differs from the saved one is sent.
  const onelinerSave = useDebouncedSave((value: string) => {
    if (value !== group.oneliner) onPatch({ oneliner: value });
  }, PROMPT_SAVE_DEBOUNCE_MS);
  const commandSave = useDebouncedSave((value: string) => {
    if (value !== group.command) onPatch({ command: value });
  }, PROMPT_SAVE_DEBOUNCE_MS);
  const onelinerTooLong = oneliner.length > PROMPT_ONELINER_MAX;
  const known = categories.data ?? [];

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-category`} label={t('com_prompts_category')}>
        <select
          id={`${id}-category`}
          value={group.category}
          onChange={(e) => onPatch({ category: e.target.value })}
          className={cn(inputClass('md'), 'w-full')}
          data-testid="prompt-category-select"
        >
          <option value="">{t('com_prompts_no_category')}</option>
          {known.map((c) => (
            <option key={c.value} value={c.value}>
              {categoryLabel(c.value)}
            </option>
          ))}
          {group.category && !known.some((c) => c.value === group.category) ? (
            <option value={group.category}>{categoryLabel(group.category)}</option>
          ) : null}
        </select>
      </Field>
      <Field
        id={`${id}-command`}
        label={t('com_prompts_command')}
        counter={commandCounter(command)}
        testId="prompt-command"
      >
        <div className="relative">
          <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
            /
          </span>
          <Input
            id={`${id}-command`}
            value={command}
            onChange={(e) => {
              const next = normalizeCommand(e.target.value);
              setCommand(next);
              if (next !== command) commandSave.schedule(next);
            }}
            onBlur={commandSave.flush}
            placeholder={t('com_prompts_command_placeholder')}
            className="pl-6 font-mono"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="prompt-command-edit"
          />
        </div>
      </Field>
      <div className="sm:col-span-2">
        <Field
          id={`${id}-oneliner`}
          label={t('com_prompts_oneliner')}
          counter={onelinerCounter(oneliner)}
          error={onelinerTooLong ? t('com_prompts_oneliner_too_long') : undefined}
          testId="prompt-oneliner"
        >
          <Input
            id={`${id}-oneliner`}
            value={oneliner}
            onChange={(e) => {
              setOneliner(e.target.value);
              if (e.target.value.length <= PROMPT_ONELINER_MAX) onelinerSave.schedule(e.target.value);
              else onelinerSave.cancel();
            }}
            onBlur={onelinerSave.flush}
            placeholder={t('com_prompts_oneliner_placeholder')}
            aria-invalid={onelinerTooLong || undefined}
            data-testid="prompt-oneliner-edit"
          />
        </Field>
      </div>
    </div>
  );
}

/** Rename through a dialog that asks before saving (doc 2 §4.8). */
function RenameDialog({
  open,
  onOpenChange,
  name,
  pending,
  onRename,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  pending: boolean;
  onRename: (name: string) => void;
}) {
  const [value, setValue] = useState(name);
  const inputId = useId();
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setValue(name);
  }
  const next = value.trim();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_prompts_rename_title')}
        closeLabel={t('com_ui_close')}
        className="sm:max-w-md"
      >
        <form
          className="flex flex-col gap-4"
          data-testid="prompt-rename-dialog"
          onSubmit={(e) => {
            e.preventDefault();
            if (next && next !== name) onRename(next);
          }}
        >
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium">
              {t('com_prompts_name')}
            </label>
            <Input
              id={inputId}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={!next || undefined}
              data-testid="prompt-rename-input"
              autoFocus
            />
            {!next ? (
              <p role="alert" className="mt-1 text-sm text-destructive">
                {t('com_prompts_name_required')}
              </p>
            ) : next !== name ? (
              <p className="mt-1 text-sm text-muted-foreground">
                {t('com_prompts_rename_confirm', { 0: next })}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('com_ui_cancel')}
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={!next || next === name || pending}
              data-testid="prompt-rename-submit"
            >
              {pending ? <Spinner className="size-4 text-current" /> : null}
              {t('com_prompts_rename')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The 320 px slide-in panel that holds the actions on small screens (doc 2 §2.5, §9). */
function ActionsSheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-40 bg-black/40 animate-in-fade lg:hidden" />
        <Radix.Content
          className="fixed inset-y-0 right-0 z-50 flex w-[320px] max-w-full flex-col border-l border-border bg-background shadow-2xl outline-none lg:hidden"
          data-testid="prompt-actions-sheet"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-2">
            <Radix.Title className="text-base font-semibold">{t('com_prompts_actions')}</Radix.Title>
            <Radix.Description className="sr-only">{t('com_prompts_actions')}</Radix.Description>
            <Radix.Close
              className={buttonClass({ variant: 'subtle', size: 'icon' })}
              aria-label={t('com_prompts_close_actions')}
              data-testid="prompt-actions-close"
            >
              <X className="size-5" />
            </Radix.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
