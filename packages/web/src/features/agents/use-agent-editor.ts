import type { Agent } from '@parley/schema';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  useAgent,
  useCreateAgent,
  useDeleteAgent,
  useDuplicateAgent,
  useUpdateAgent,
  useUploadAgentAvatar,
} from '../../api/agents.ts';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/t.ts';
import {
  type AgentForm,
  emptyForm,
  type FormErrors,
  formBody,
  formFromAgent,
  validateForm,
} from './agent-form.ts';
import '../../i18n/en-agents.ts';

/**
 * The builder's form states (doc 3 §4): empty → created → updated; selecting an agent loads it;
 * create-new resets; delete picks the next agent. Errors are one toast each (doc 3 §8).
 */
export function useAgentEditor(currentAgentId: string | null, onSelectAgent: (agent: Agent | null) => void) {
  const [selectedId, setSelectedId] = useState<string | null>(currentAgentId);
  const [form, setForm] = useState<AgentForm>(emptyForm);
  const [errors, setErrors] = useState<FormErrors>({});
  const loaded = useAgent(selectedId);
  const loadedFor = useRef<string | null>(null);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const remove = useDeleteAgent();
  const duplicate = useDuplicateAgent();
  const avatarUpload = useUploadAgentAvatar();
  // An avatar picked before the first save waits here and goes up once the agent exists (doc 3 §4).
  const [pendingAvatar, setPendingAvatar] = useState<File | null>(null);
  const [avatarProgress, setAvatarProgress] = useState<number | null>(null);

  /** Upload an avatar for a saved agent: progress 0.4 while it goes, then 1 (doc 3 §4). */
  const uploadAvatar = (target: Pick<Agent, 'id' | 'avatar'>, file: File) => {
    setAvatarProgress(0.4);
    avatarUpload.mutate(
      { agent: target, file },
      {
        onSuccess: () => {
          setAvatarProgress(1);
          setPendingAvatar(null);
        },
        onError: () => {
          setAvatarProgress(null);
          setPendingAvatar(null);
          toast.error(t('com_ui_upload_error'));
        },
      },
    );
  };

  // The chat's agent changed (the selector, a link): the builder follows it.
  useEffect(() => {
    if (currentAgentId) setSelectedId(currentAgentId);
  }, [currentAgentId]);

  // A newly selected agent is loaded once; later refetches must not wipe unsaved edits.
  useEffect(() => {
    if (!selectedId) {
      loadedFor.current = null;
      return;
    }
    if (loaded.data && loaded.data.id === selectedId && loadedFor.current !== selectedId) {
      loadedFor.current = selectedId;
      setForm(formFromAgent(loaded.data));
      setErrors({});
    }
  }, [selectedId, loaded.data]);

  const select = (agent: Agent | null) => {
    loadedFor.current = null;
    setPendingAvatar(null);
    setSelectedId(agent?.id ?? null);
    if (!agent) setForm(emptyForm());
    setErrors({});
    onSelectAgent(agent);
  };

  const createNew = () => {
    loadedFor.current = null;
    setPendingAvatar(null);
    setSelectedId(null);
    setForm(emptyForm());
    setErrors({});
  };

  const save = () => {
    const found = validateForm(form);
    setErrors(found);
    if (found.model) toast.error(t('com_agents_missing_provider_model'));
    if (Object.keys(found).length > 0) return;
    const body = formBody(form);
    if (!form.id) {
      create.mutate(body, {
        onSuccess: (agent) => {
          toast.success(t('com_agents_created', { name: agent.name ?? '' }));
          loadedFor.current = agent.id;
          setSelectedId(agent.id);
          setForm(formFromAgent(agent));
          if (pendingAvatar) uploadAvatar(agent, pendingAvatar);
          onSelectAgent(agent);
        },
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.message
              ? `${t('com_agents_create_error')} ${error.message}`
              : t('com_agents_create_error'),
          ),
      });
      return;
    }
    // Files are added and removed on the server as they change; a save must not undo that.
    const { tool_resources: _files, ...changes } = body;
    update.mutate(
      { id: form.id, body: changes },
      {
        onSuccess: (agent) => {
          toast.success(t('com_agents_updated'));
          setForm(formFromAgent(agent));
        },
        onError: () => toast.error(t('com_agents_update_error')),
      },
    );
  };

  const del = (next: (deletedId: string) => Agent | null) => {
    const id = form.id;
    if (!id) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('com_agents_deleted'));
        createNew();
        const following = next(id);
        if (following) select(following);
        else onSelectAgent(null);
      },
      onError: () => toast.error(t('com_agents_delete_error')),
    });
  };

  const dup = () => {
    if (!form.id) return;
    duplicate.mutate(form.id, {
      onSuccess: ({ agent }) => {
        toast.success(t('com_agents_duplicated'));
        select(agent);
      },
      onError: () => toast.error(t('com_agents_duplicate_error')),
    });
  };

  const agent = selectedId && loaded.data?.id === selectedId ? loaded.data : null;

  return {
    selectedId,
    agent,
    loading: !!selectedId && loaded.isPending,
    loadFailed: !!selectedId && loaded.isError,
    form,
    setForm,
    errors,
    select,
    createNew,
    save,
    saving: create.isPending || update.isPending,
    del,
    deleting: remove.isPending,
    dup,
    /** The avatar file waiting for the first save, shown as a preview until it is uploaded. */
    pendingAvatar,
    avatarProgress,
    avatarUploading: avatarUpload.isPending,
    /** A saved agent uploads the file now; a new one keeps it for after Create. */
    chooseAvatar: (file: File) => {
      if (agent) uploadAvatar(agent, file);
      else setPendingAvatar(file);
    },
    reload: (agent: Agent) => setForm(formFromAgent(agent)),
  };
}

export type AgentEditor = ReturnType<typeof useAgentEditor>;
