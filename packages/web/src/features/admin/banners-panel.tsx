import { BANNER_MESSAGE_MAX, type Banner } from '@parley/schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAdminBanners, useDeleteBanner, useSaveBanner } from '../../api/admin.ts';
import { errorText } from '../../api/errors.ts';
import { bannerHtmlToReact } from '../../components/banner/banner-html.tsx';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-admin.ts';

/** <input type="datetime-local"> speaks local time without a zone. */
const toLocalInput = (ms: number | null) => {
  if (ms == null) return '';
  const d = new Date(ms);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : null);

function BannerForm({ editing, onDone }: { editing: Banner | null; onDone: () => void }) {
  const [message, setMessage] = useState(editing?.message ?? '');
  const [from, setFrom] = useState(toLocalInput(editing?.displayFrom ?? null));
  const [to, setTo] = useState(toLocalInput(editing?.displayTo ?? null));
  const [isPublic, setIsPublic] = useState(editing?.isPublic ?? false);
  const save = useSaveBanner();
  return (
    <form
      className="space-y-3 rounded-xl border border-border p-4"
      data-testid="banner-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            bannerId: editing?.bannerId,
            body: {
              message,
              displayFrom: fromLocalInput(from) ?? undefined,
              displayTo: fromLocalInput(to),
              isPublic,
            },
          },
          {
            onSuccess: () => {
              toast.success(t('com_ui_saved'));
              onDone();
            },
            onError: (err) => toast.error(errorText(err, 'com_admin_action_error')),
          },
        );
      }}
    >
      <label className="block text-sm">
        {t('com_admin_banner_message')}
        <textarea
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={BANNER_MESSAGE_MAX}
          rows={3}
          data-testid="banner-message-input"
          className="mt-1 w-full rounded-md border border-border bg-background px-2 py-1 text-sm"
        />
      </label>
      <p className="text-xs text-muted-foreground">{t('com_admin_banner_html_hint')}</p>
      <div className="flex flex-wrap gap-3 text-sm">
        <label>
          {t('com_admin_banner_from')}
          <input
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="ml-2 rounded-md border border-border bg-background px-2 py-1"
          />
        </label>
        <label>
          {t('com_admin_banner_to')}
          <input
            type="datetime-local"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            className="ml-2 rounded-md border border-border bg-background px-2 py-1"
          />
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={isPublic}
            onChange={(e) => setIsPublic(e.target.checked)}
            data-testid="banner-public"
          />
          {t('com_admin_banner_public')}
        </label>
      </div>
      <div className="flex gap-2">
        <Button
          type="submit"
          variant="primary"
          disabled={!message.trim() || save.isPending}
          data-testid="banner-save"
        >
          {t('com_ui_save')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('com_ui_cancel')}
        </Button>
      </div>
    </form>
  );
}

export function BannersPanel() {
  const banners = useAdminBanners();
  const remove = useDeleteBanner();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  return (
    <section className="space-y-4">
      {editing ? (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.bannerId}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Button variant="primary" onClick={() => setEditing('new')} data-testid="banner-new">
          {t('com_admin_banner_new')}
        </Button>
      )}
      <ul className="space-y-2">
        {(banners.data?.banners ?? []).map((b) => (
          <li
            key={b.bannerId}
            className="rounded-xl border border-border p-3 text-sm"
            data-testid="admin-banner"
          >
            <div>{bannerHtmlToReact(b.message)}</div>
            <div className="mt-1 text-xs text-muted-foreground">
              {new Date(b.displayFrom).toLocaleString()} –{' '}
              {b.displayTo ? new Date(b.displayTo).toLocaleString() : '∞'}
              {' · '}
              {b.isPublic ? t('com_admin_banner_public') : t('com_admin_banner_signed_in')}
            </div>
            <div className="mt-2 flex gap-2">
              <Button variant="outline" size="sm" onClick={() => setEditing(b)}>
                {t('com_ui_edit')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  remove.mutate(b.bannerId, {
                    onError: (err) => toast.error(errorText(err, 'com_admin_action_error')),
                  })
                }
              >
                {t('com_ui_delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
