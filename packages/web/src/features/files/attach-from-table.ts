import { endpointFileConfig, type FileConfig, type FileObject } from '@parley/schema';
import { toast } from 'sonner';
import { attachVerdict } from './attach-rules.ts';
import { attachExisting, type ComposerTarget, useAttachments } from './store/attachments.ts';
import { chipFromFile } from './use-composer-files.ts';

/**
 * Attach stored files to a conversation's composer by the files-table rules (doc 3): refusals
 * and warnings are toasts, the accepted files become finished chips. `handoff` leaves them for
 * the composer to pick up when it mounts (the /d/files manager is not beside the chat).
 */
export function attachFromTable(
  files: readonly FileObject[],
  target: ComposerTarget | null,
  config: FileConfig | undefined,
  { handoff = false } = {},
): number {
  const rules = config && target?.endpoint ? endpointFileConfig(config, target.endpoint) : null;
  const accepted: FileObject[] = [];
  for (const file of files) {
    const verdict = attachVerdict(file, { endpoint: target?.endpoint ?? null }, rules);
    if (!verdict.ok) {
      toast.error(verdict.error);
      continue;
    }
    if (verdict.warning) toast.warning(verdict.warning);
    accepted.push(file);
  }
  if (!target || accepted.length === 0) return 0;
  const chips = accepted.map(chipFromFile);
  if (handoff) useAttachments.setState({ handoff: { conversationId: target.conversationId, files: chips } });
  else attachExisting(target.key, chips);
  return accepted.length;
}
