import type { Agent } from '@parley/schema';
import { ImagePlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { useUploadAgentAvatar } from '../../api/agents.ts';
import { AgentAvatar } from '../../components/agent-avatar.tsx';
import { t } from '../../i18n/t.ts';
import { avatarProblem } from './avatar.ts';
import '../../i18n/en-agents.ts';

/**
 * The avatar picker (doc 3 §5): png/jpg/jpeg/gif/webp within avatarSizeLimit, uploaded at once;
 * progress shows 0.4 while uploading, then 1 (doc 3 §4). Needs a saved agent.
 */
export function AvatarField({
  agent,
  onSaved,
  sizeLimit,
}: {
  agent: Agent | null;
  onSaved: (agent: Agent) => void;
  sizeLimit?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAgentAvatar();
  const [progress, setProgress] = useState<number | null>(null);

  const onFile = (file: File | undefined) => {
    if (!file || !agent) return;
    const limit = avatarProblem(file, sizeLimit);
    if (limit) {
      toast.error(t('com_agents_avatar_invalid', { size: limit }));
      return;
    }
    setProgress(0.4);
    upload.mutate(
      { agent, file },
      {
        onSuccess: (saved) => {
          setProgress(1);
          onSaved(saved);
        },
        onError: () => {
          setProgress(null);
          toast.error(t('com_ui_upload_error'));
        },
      },
    );
  };

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={!agent || upload.isPending}
        onClick={() => input.current?.click()}
        aria-label={t('com_agents_avatar_upload')}
        title={agent ? t('com_agents_avatar_upload') : t('com_agents_save_first')}
        data-testid="agent-avatar-button"
        className="group relative size-16 shrink-0 overflow-hidden rounded-full border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
      >
        <AgentAvatar agent={agent} className="size-16" />
        <span className="absolute inset-0 hidden items-center justify-center bg-black/40 text-white group-enabled:group-hover:flex">
          <ImagePlus className="size-5" />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp"
        className="hidden"
        data-testid="agent-avatar-input"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {progress !== null && progress < 1 ? (
        <progress
          value={progress}
          max={1}
          className="h-1.5 w-24 overflow-hidden rounded"
          data-testid="agent-avatar-progress"
          aria-label={t('com_agents_avatar_uploading')}
        />
      ) : (
        <span className="text-xs text-muted-foreground">
          {agent ? t('com_agents_avatar_hint') : t('com_agents_save_first')}
        </span>
      )}
    </div>
  );
}
