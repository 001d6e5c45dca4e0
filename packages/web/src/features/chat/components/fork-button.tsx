import { type ForkOption, ForkOptions } from '@parley/schema';
import { GitBranch, GitBranchPlus, GitFork, ListTree } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useForkConvo } from '../../../api/convo-actions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import type { TranslationKey } from '../../../i18n/t.ts';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { usePreferences } from '../../../store/preferences.ts';
import type { TreeStore } from '../store/message-tree.ts';

const OPTIONS: { value: ForkOption; label: TranslationKey; info: TranslationKey; Icon: typeof GitBranch }[] =
  [
    {
      value: ForkOptions.DIRECT_PATH,
      label: 'com_ui_fork_visible',
      info: 'com_ui_fork_visible_info',
      Icon: GitBranch,
    },
    {
      value: ForkOptions.INCLUDE_BRANCHES,
      label: 'com_ui_fork_branches',
      info: 'com_ui_fork_branches_info',
      Icon: GitBranchPlus,
    },
    {
      value: ForkOptions.TARGET_LEVEL,
      label: 'com_ui_fork_all_target',
      info: 'com_ui_fork_all_target_info',
      Icon: ListTree,
    },
  ];

/**
 * Fork from a message (doc 3 §9 fork options): a popover with the three options, "start fork
 * here" and "remember"; the copy opens when it is made. The remembered choice comes first.
 */
export function ForkButton({ store, messageId }: { store: TreeStore; messageId: string }) {
  const [open, setOpen] = useState(false);
  const prefs = usePreferences();
  const [split, setSplit] = useState(prefs.splitAtTarget);
  const [remember, setRemember] = useState(prefs.rememberDefaultFork);
  const fork = useForkConvo();
  const navigate = useNavigate();
  const splitId = useId();
  const rememberId = useId();

  const run = (option: ForkOption) => {
    const { conversationId, branch } = store.getState();
    if (!conversationId) return;
    const set = prefs.setPreference;
    set('rememberDefaultFork', remember);
    if (remember) {
      set('forkSetting', option);
      set('splitAtTarget', split);
    }
    setOpen(false);
    const toastId = toast.info(t('com_ui_fork_processing'));
    fork
      .mutateAsync({
        conversationId,
        messageId,
        option,
        splitAtTarget: split,
        latestMessageId: branch[branch.length - 1] ?? null,
      })
      .then((copy) => {
        navigate(`/chat/${encodeURIComponent(copy.conversation.conversationId)}`);
        toast.success(t('com_ui_fork_success'), { id: toastId });
      })
      .catch(() => toast.error(t('com_ui_fork_error'), { id: toastId }));
  };

  const ordered = [...OPTIONS].sort(
    (a, b) => Number(b.value === prefs.forkSetting) - Number(a.value === prefs.forkSetting),
  );
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setSplit(usePreferences.getState().splitAtTarget);
          setRemember(usePreferences.getState().rememberDefaultFork);
        }
      }}
    >
      <Tooltip content={t('com_ui_fork')}>
        <PopoverTrigger asChild>
          <Button
            variant="subtle"
            size="icon-sm"
            aria-label={t('com_ui_fork')}
            disabled={fork.isPending}
            data-testid="fork-button"
          >
            <GitFork className="size-4" />
          </Button>
        </PopoverTrigger>
      </Tooltip>
      <PopoverContent
        align="start"
        side="top"
        collisionPadding={8}
        data-testid="fork-popover"
        className="max-h-[var(--radix-popover-content-available-height)] w-72 overflow-y-auto"
      >
        <p className="text-sm font-semibold">{t('com_ui_fork_title')}</p>
        <p className="mt-1 text-xs text-muted-foreground">{t('com_ui_fork_info')}</p>
        <div className="mt-2 space-y-0.5">
          {ordered.map(({ value, label, info, Icon }) => (
            <button
              key={value}
              type="button"
              onClick={() => run(value)}
              data-testid={`fork-option-${value}`}
              title={t(info)}
              className={cn(
                'flex w-full items-center gap-2.5 rounded-xl px-2.5 py-1.5 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                value === prefs.forkSetting && 'bg-muted',
              )}
            >
              <Icon className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 text-sm">{t(label)}</span>
            </button>
          ))}
        </div>
        <div className="mt-2 space-y-2 border-t border-border px-1 pt-3">
          <label htmlFor={splitId} className="flex items-center gap-2 text-sm">
            <input
              id={splitId}
              type="checkbox"
              checked={split}
              onChange={(e) => setSplit(e.target.checked)}
              className="size-4 accent-primary"
              data-testid="fork-split"
            />
            <span>
              <span className="block">{t('com_ui_fork_split_target')}</span>
              <span className="block text-xs text-muted-foreground">
                {t('com_ui_fork_split_target_info')}
              </span>
            </span>
          </label>
          <label htmlFor={rememberId} className="flex items-center gap-2 text-sm">
            <input
              id={rememberId}
              type="checkbox"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
              className="size-4 accent-primary"
              data-testid="fork-remember"
            />
            <span title={t('com_ui_fork_remember_info')}>{t('com_ui_fork_remember')}</span>
          </label>
        </div>
      </PopoverContent>
    </Popover>
  );
}
