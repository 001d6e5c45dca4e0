import type { Agent } from '@parley/schema';
import { ImagePlus } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { AgentAvatar } from '../../components/agent-avatar.tsx';
import { t } from '../../i18n/t.ts';
import { avatarProblem } from './avatar.ts';
import '../../i18n/en-agents.ts';

/**
 * The avatar picker (doc 3 §5): png/jpg/jpeg/gif/webp within avatarSizeLimit. A saved agent's
 * avatar is uploaded at once; a new agent's waits (shown as a preview) until Create, then goes up.
 * Progress shows 0.4 while uploading, then 1 (doc 3 §4).
 */
export function AvatarField({
  agent,
  pending,
  progress,
  uploading,
  onChoose,
  sizeLimit,
}: {
  agent: Agent | null;
  /** The file chosen before the first save. */
  pending: File | null;
  progress: number | null;
  uploading: boolean;
  onChoose: (file: File) => void;
  sizeLimit?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (pending ? URL.createObjectURL(pending) : null), [pending]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const limit = avatarProblem(file, sizeLimit);
    if (limit) {
      toast.error(t('com_agents_avatar_invalid', { size: limit }));
      return;
    }
    onChoose(file);
  };

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={uploading}
        onClick={() => input.current?.click()}
        aria-label={t('com_agents_avatar_upload')}
        title={t('com_agents_avatar_upload')}
        data-testid="agent-avatar-button"
        className="group relative size-16 shrink-0 overflow-hidden rounded-full border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
      >
        {preview ? (
          <img
            src={preview}
            alt=""
            className="size-full rounded-full object-cover"
            data-testid="agent-avatar-preview"
          />
        ) : (
          <AgentAvatar agent={agent} className="size-full" />
        )}
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
        <span className="min-w-0 text-xs text-muted-foreground">
          {pending && !agent ? t('com_agents_avatar_after_create') : t('com_agents_avatar_hint')}
        </span>
      )}
    </div>
  );
}
