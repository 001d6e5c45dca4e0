import type { Agent } from '@parley/schema';
import { useId } from 'react';
import { toast } from 'sonner';
import { useUpdateAgent } from '../../api/agents.ts';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import { type Sharing, setCollaborative, setShared, sharingOf, sharingPatch } from './agent-form.ts';
import '../../i18n/en-agents.ts';

/**
 * Share with everyone + allow editing (doc 3 §4): sharing adds the instance project, turning it
 * off also turns editing off, and editing can be allowed only while shared. Saved at once.
 */
export function SharingSection({ agent, instanceProjectId }: { agent: Agent; instanceProjectId: string }) {
  const update = useUpdateAgent();
  const sharing = sharingOf(agent, instanceProjectId);
  const sharedId = useId();
  const editId = useId();
  const apply = (next: Sharing) =>
    update.mutate(
      { id: agent.id, body: sharingPatch(agent, next, instanceProjectId) },
      {
        onSuccess: () => toast.success(t('com_agents_sharing_saved')),
        onError: () => toast.error(t('com_agents_update_error')),
      },
    );
  return (
    <section className="flex flex-col gap-2 rounded-xl border border-border p-3" data-testid="agent-sharing">
      <h3 className="text-sm font-semibold">{t('com_agents_share')}</h3>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={sharedId} className="text-sm">
          {t('com_agents_share_everyone')}
        </label>
        <Switch
          id={sharedId}
          checked={sharing.shared}
          disabled={update.isPending}
          data-testid="agent-share-everyone"
          onCheckedChange={(v) => apply(setShared(sharing, v))}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={editId} className="text-sm">
          <span className="block">{t('com_agents_allow_editing')}</span>
          <span className="block text-xs text-muted-foreground">{t('com_agents_allow_editing_hint')}</span>
        </label>
        <Switch
          id={editId}
          checked={sharing.collaborative}
          disabled={!sharing.shared || update.isPending}
          data-testid="agent-allow-editing"
          onCheckedChange={(v) => apply(setCollaborative(sharing, v))}
        />
      </div>
    </section>
  );
}
