import type { Agent } from '@parley/schema';
import { Bot } from 'lucide-react';
import { isDownloadPath, useAuthedBlobUrl } from '../api/files.ts';
import { cn } from '../lib/cn.ts';

/**
 * An agent's avatar, or a bot icon when it has none. Shared by the builder, the model selector and
 * the landing. A stored avatar is fetched with the bearer token; any other path is used as is.
 */
export function AgentAvatar({
  agent,
  className,
}: {
  agent: Pick<Agent, 'avatar'> | null;
  className?: string;
}) {
  const path = agent?.avatar?.filepath;
  const blob = useAuthedBlobUrl(isDownloadPath(path) ? path : undefined).data;
  const src = blob ?? (path && !isDownloadPath(path) ? path : undefined);
  if (!src)
    return (
      <span
        className={cn(
          'inline-flex shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground',
          className,
        )}
        data-testid="agent-avatar"
      >
        <Bot className="size-[60%]" />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      className={cn('shrink-0 rounded-full object-cover', className)}
      data-testid="agent-avatar"
    />
  );
}
