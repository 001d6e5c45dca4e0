import { AVATAR_DEFAULT_SIZE_LIMIT } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { uploadAvatar } from '../../api/account.ts';
import { authKeys } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { useStartupConfig } from '../../api/config.ts';
import { Button } from '../../components/ui/button.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { t } from '../../i18n/t.ts';
import { useSession } from '../../store/session.ts';
import { AvatarCropDialog } from './avatar-crop-dialog.tsx';
import { isAcceptedAvatar } from './crop.ts';

/** "2 MB", or KB under one megabyte. */
export function formatLimit(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${Math.round(mb * 100) / 100} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Account → Profile picture: pick a png/jpg/jpeg within avatarSizeLimit, crop it, upload it. */
export function AvatarSetting() {
  const user = useSession((s) => s.user);
  const limit = useStartupConfig().data?.avatarSizeLimit ?? AVATAR_DEFAULT_SIZE_LIMIT;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const qc = useQueryClient();

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0] ?? null;
    e.target.value = '';
    if (!picked) return;
    if (!isAcceptedAvatar(picked) || picked.size > limit) {
      toast.error(t('com_ui_upload_invalid_var', { size: formatLimit(limit) }));
      return;
    }
    setFile(picked);
  };

  const onSave = (image: Blob, filename: string) => {
    setSaving(true);
    uploadAvatar(image, filename)
      .then(({ url }) => {
        const current = useSession.getState().user;
        if (current) useSession.setState({ user: { ...current, avatar: url } });
        void qc.invalidateQueries({ queryKey: authKeys.user });
        toast.success(t('com_ui_avatar_updated'));
        setFile(null);
      })
      .catch((error: unknown) => {
        const tooLarge = error instanceof ApiError && error.code === 'avatar_too_large';
        toast.error(
          tooLarge ? t('com_ui_upload_invalid_var', { size: formatLimit(limit) }) : t('com_ui_upload_error'),
        );
      })
      .finally(() => setSaving(false));
  };

  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar user={user} className="size-10 text-sm" testId="settings-avatar" />
        <span className="text-sm">{t('com_nav_profile_picture')}</span>
      </div>
      <input
        ref={input}
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        className="hidden"
        onChange={onPick}
        data-testid="avatar-file-input"
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} data-testid="avatar-upload">
        {t('com_ui_upload_avatar')}
      </Button>
      <AvatarCropDialog file={file} saving={saving} onClose={() => setFile(null)} onSave={onSave} />
    </div>
  );
}
