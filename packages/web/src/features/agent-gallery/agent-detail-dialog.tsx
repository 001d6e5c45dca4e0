import type { Agent } from '@parley/schema';
import { MessageSquare } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';
import { AgentAvatar, agentName } from './agent-card.tsx';
import { tabLabel } from './category-label.ts';

/**
 * An agent's details, and "Start chat". After an import it also lists what the import left out.
 */
export function AgentDetailDialog({
  agent,
  skipped,
  onClose,
  onStartChat,
}: {
  agent: Agent | null;
  skipped?: string[];
  onClose: () => void;
  onStartChat: (agent: Agent) => void;
}) {
  return (
    <Dialog open={agent !== null} onOpenChange={(open) => !open && onClose()}>
      {agent ? (
        <DialogContent title={agentName(agent)} closeLabel={t('com_gallery_close')}>
          <div className="flex flex-col gap-4" data-testid="agent-detail">
            <div className="flex items-center gap-3">
              <AgentAvatar agent={agent} className="size-14 text-lg" />
              <div className="min-w-0 text-sm">
                {agent.authorName ? (
                  <p className="truncate text-muted-foreground">
                    {t('com_gallery_by', { 0: agent.authorName })}
                  </p>
                ) : null}
                <p className="text-muted-foreground">
                  {t('com_gallery_category')}: {tabLabel(agent.category)}
                  {agent.kind === 'assistant' ? ` · ${t('com_gallery_assistant')}` : ''}
                </p>
              </div>
            </div>
            {agent.description ? (
              <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">{agent.description}</p>
            ) : null}
            {agent.conversation_starters.length > 0 ? (
              <div>
                <h3 className="mb-1.5 text-sm font-medium">{t('com_gallery_starters')}</h3>
                <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
                  {agent.conversation_starters.map((starter) => (
                    <li key={starter} className="rounded-lg bg-muted px-3 py-1.5 [overflow-wrap:anywhere]">
                      {starter}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {skipped && skipped.length > 0 ? (
              <div
                className="rounded-xl border border-border bg-muted/50 px-3 py-2 text-sm"
                data-testid="import-skipped"
              >
                <p className="font-medium">{t('com_gallery_import_skipped')}</p>
                <ul className="mt-1 list-disc pl-5 text-muted-foreground">
                  {skipped.map((item) => (
                    <li key={item} className="[overflow-wrap:anywhere]">
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex justify-end">
              <Button variant="primary" onClick={() => onStartChat(agent)} data-testid="agent-start-chat">
                <MessageSquare className="size-4" />
                {t('com_gallery_start_chat')}
              </Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
