import type { PromptGroup } from '@parley/schema';
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import { useStartupConfig } from '../../api/config.ts';
import { usePromptShares, useSetPromptShares, useUpdatePromptGroup } from '../../api/prompts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { shareAllPatch } from './share-rules.ts';

/**
 * The share-prompt dialog (doc 2 §2.5, §5.9, §6): share with all users (PROMPTS SHARED_GLOBAL;
 * submitting 'on' for a group already shared says so), and, beyond the spec, with chosen users by
 * email (the whole list saved at once).
 */
export function ShareDialog({
  group,
  open,
  onOpenChange,
  canShareGlobal,
}: {
  group: PromptGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canShareGlobal: boolean;
}) {
  const config = useStartupConfig();
  const projectId = config.data?.instanceProjectId ?? '';
  const update = useUpdatePromptGroup();
  const [everyone, setEveryone] = useState(group.isPublic);
  const switchId = useId();
  useEffect(() => {
    if (open) setEveryone(group.isPublic);
  }, [open, group.isPublic]);

  const submitEveryone = () => {
    const patch = shareAllPatch(group.isPublic, everyone, projectId);
    if (patch === 'already') {
      toast.info(t('com_prompts_already_shared'));
      return;
    }
    if (!patch) return;
    update.mutate(
      { groupId: group._id, body: patch },
      {
        onSuccess: () => toast.success(t('com_prompts_shared_saved')),
        onError: () => toast.error(t(everyone ? 'com_prompts_share_error' : 'com_prompts_unshare_error')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_prompts_share_title', { 0: group.name })}
        closeLabel={t('com_ui_close')}
        className="sm:max-w-md"
      >
        <div className="flex flex-col gap-5" data-testid="prompt-share-dialog">
          {canShareGlobal ? (
            <form
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                submitEveryone();
              }}
            >
              <div className="flex items-center justify-between gap-3">
                <label htmlFor={switchId} className="min-w-0 text-sm">
                  <span className="block font-medium">{t('com_prompts_share_everyone')}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t('com_prompts_share_everyone_hint')}
                  </span>
                </label>
                <Switch
                  id={switchId}
                  checked={everyone}
                  onCheckedChange={setEveryone}
                  data-testid="prompt-share-everyone"
                />
              </div>
              <div className="flex justify-end">
                <Button
                  type="submit"
                  variant="primary"
                  size="sm"
                  className="h-9"
                  disabled={update.isPending || !projectId}
                  data-testid="prompt-share-submit"
                >
                  {t('com_prompts_share')}
                </Button>
              </div>
            </form>
          ) : null}
          <ShareWithUsers groupId={group._id} open={open} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Chosen users (beyond the spec): add by email, remove, save the list. */
function ShareWithUsers({ groupId, open }: { groupId: string; open: boolean }) {
  const shares = usePromptShares(groupId, open);
  const save = useSetPromptShares();
  const [emails, setEmails] = useState<string[] | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const listed = emails ?? shares.data?.users.map((u) => u.email) ?? [];
  const names = new Map(shares.data?.users.map((u) => [u.email.toLowerCase(), u.name]) ?? []);
  const dirty = emails !== null;

  const add = () => {
    const value = email.trim();
    if (!value) return;
    if (!listed.some((e) => e.toLowerCase() === value.toLowerCase())) setEmails([...listed, value]);
    setEmail('');
    setError(null);
  };

  const submit = () =>
    save.mutate(
      { groupId, emails: listed },
      {
        onSuccess: () => {
          setEmails(null);
          toast.success(t('com_prompts_shared_saved'));
        },
        onError: (e) => {
          const index = e instanceof ApiError && e.field ? Number(e.field.split('.')[1]) : Number.NaN;
          if (e instanceof ApiError && e.code === 'user_not_found' && listed[index])
            setError(t('com_prompts_share_unknown', { 0: listed[index] }));
          else toast.error(t('com_prompts_share_error'));
        },
      },
    );

  return (
    <section className="flex flex-col gap-3 border-t border-border pt-4" data-testid="prompt-share-users">
      <div>
        <h3 className="text-sm font-medium">{t('com_prompts_share_users')}</h3>
        <p className="text-xs text-muted-foreground">{t('com_prompts_share_users_hint')}</p>
      </div>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('com_prompts_share_email')}
        </label>
        <Input
          id={inputId}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('com_prompts_share_email')}
          data-testid="prompt-share-email"
          className="h-9 min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" size="sm" className="h-9" data-testid="prompt-share-add">
          {t('com_prompts_share_add')}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="prompt-share-error">
          {error}
        </p>
      ) : null}
      {listed.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('com_prompts_share_none')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="prompt-share-list">
          {listed.map((e) => (
            <li key={e} className="flex items-center gap-2 rounded-lg px-2 py-1 text-sm hover:bg-accent/50">
              <span className="min-w-0 flex-1 truncate">
                {names.get(e.toLowerCase()) ? (
                  <>
                    <span className="font-medium">{names.get(e.toLowerCase())}</span>{' '}
                    <span className="text-muted-foreground">{e}</span>
                  </>
                ) : (
                  e
                )}
              </span>
              <IconButton
                label={t('com_prompts_share_remove', { 0: e })}
                size="icon-sm"
                onClick={() => {
                  setEmails(listed.filter((x) => x !== e));
                  setError(null);
                }}
              >
                <X className="size-4" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button
          variant="primary"
          size="sm"
          className="h-9"
          disabled={!dirty || save.isPending}
          onClick={submit}
          data-testid="prompt-share-users-save"
        >
          {t('com_prompts_share_save')}
        </Button>
      </div>
    </section>
  );
}
