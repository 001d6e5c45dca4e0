import { ACTION_NO_AGENT, type Action, type Agent } from '@parley/schema';
import { Pencil, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAgentActions, useDeleteAction } from '../../api/agent-actions.ts';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import { ActionEditor } from './action-editor.tsx';
import '../../i18n/en-agents.ts';

/**
 * The actions sub-panel (doc 3 §2, §4, §5): the agent's actions with edit and delete, and the editor.
 * Blocked with a warning until the agent exists. Saves and deletes change the agent's tools, which
 * the builder's form takes over through `onAgentChanged` so a later builder save keeps them.
 */
export default function ActionsPanel({
  agentId,
  onAgentChanged,
}: {
  agentId: string | null | undefined;
  onAgentChanged: (change: { agent?: Agent; removedTools?: string[] }) => void;
}) {
  if (!agentId)
    return (
      <div
        role="alert"
        data-testid="actions-no-agent"
        className="flex items-start gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <div>
          <p className="font-medium">{ACTION_NO_AGENT}</p>
          <p className="text-muted-foreground">{t('com_agents_actions_create_first')}</p>
        </div>
      </div>
    );
  return <ActionsList agentId={agentId} onAgentChanged={onAgentChanged} />;
}

function ActionsList({
  agentId,
  onAgentChanged,
}: {
  agentId: string;
  onAgentChanged: (change: { agent?: Agent; removedTools?: string[] }) => void;
}) {
  const list = useAgentActions(agentId);
  const remove = useDeleteAction(agentId);
  // null: the list; 'new': a new action; else the action being edited.
  const [editing, setEditing] = useState<Action | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Action | null>(null);
  const actions = list.data ?? [];

  const confirmDelete = () => {
    const target = deleting;
    if (!target) return;
    remove.mutate(target.action_id, {
      onSuccess: () => {
        toast.success(t('com_assistants_delete_actions_success'));
        setDeleting(null);
        if (editing !== 'new' && editing?.action_id === target.action_id) setEditing(null);
        onAgentChanged({ removedTools: target.functions.map((f) => f.tool) });
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(
          error instanceof ApiError && error.message
            ? error.message
            : t('com_assistants_delete_actions_error'),
        );
      },
    });
  };

  return (
    <div className="flex flex-col gap-4" data-testid="agent-actions-panel">
      <p className="text-xs text-muted-foreground">{t('com_agents_actions_hint')}</p>
      {list.isPending ? <Spinner className="mx-auto" label={t('com_agents_loading')} /> : null}
      {!list.isPending && actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('com_agents_actions_none')}</p>
      ) : null}
      {actions.length > 0 ? (
        <ul className="flex flex-col gap-1.5" data-testid="agent-actions-list">
          {actions.map((action) => (
            <li
              key={action.action_id}
              data-testid="agent-action-row"
              className="flex items-center gap-2 rounded-xl border border-border px-3 py-2"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={action.metadata.domain}>
                  {action.metadata.domain}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('com_agents_action_functions', { count: action.functions.length })}
                </p>
              </div>
              <Button
                variant="subtle"
                size="icon-sm"
                aria-label={t('com_agents_action_edit_named', { domain: action.metadata.domain })}
                data-testid="agent-action-edit"
                onClick={() => setEditing(action)}
              >
                <Pencil className="size-4" />
              </Button>
              <Button
                variant="subtle-danger"
                size="icon-sm"
                aria-label={t('com_agents_action_delete_named', { domain: action.metadata.domain })}
                data-testid="agent-action-delete"
                onClick={() => setDeleting(action)}
              >
                <Trash2 className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {editing === null ? (
        <Button variant="outline" size="md" onClick={() => setEditing('new')} data-testid="agent-action-add">
          <Plus className="size-4" />
          {t('com_agents_action_add')}
        </Button>
      ) : (
        <ActionEditor
          // A different action starts a fresh form.
          key={editing === 'new' ? 'new' : editing.action_id}
          agentId={agentId}
          action={editing === 'new' ? undefined : editing}
          onSaved={(agent, saved) => {
            setEditing(saved);
            onAgentChanged({ agent });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('com_agents_action_delete_title')}
        description={t('com_agents_action_delete_confirm', { domain: deleting?.metadata.domain ?? '' })}
        confirmLabel={t('com_ui_delete')}
        cancelLabel={t('com_ui_cancel')}
        closeLabel={t('com_ui_close')}
        pending={remove.isPending}
        testId="agent-action-delete-dialog"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
