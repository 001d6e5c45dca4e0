import { SystemRoles } from '@parley/schema';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { AppBanner } from '../../components/banner/banner.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../store/session.ts';
import { BannersPanel } from './banners-panel.tsx';
import { RolesPanel } from './roles-panel.tsx';
import { UsagePanel } from './usage-panel.tsx';
import { UsersPanel } from './users-panel.tsx';
import '../../i18n/en-admin.ts';

const TABS: { id: string; label: TranslationKey }[] = [
  { id: 'users', label: 'com_admin_users' },
  { id: 'roles', label: 'com_admin_roles' },
  { id: 'usage', label: 'com_admin_usage' },
  { id: 'banners', label: 'com_admin_banners' },
];

/** The admin area's frame: the app's banner, a header with the way back to chat, the content. */
function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <AppBanner />
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Link
          to="/chat/new"
          aria-label={t('com_admin_back')}
          className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-accent"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <h1 className="text-lg font-semibold">{t('com_admin_title')}</h1>
      </header>
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-4">{children}</div>
    </div>
  );
}

/** A signed-in non-admin: say why there is nothing here and offer the way back. */
function Forbidden() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 px-6 py-16 text-center"
      data-testid="admin-forbidden"
    >
      <ShieldAlert className="size-10 text-muted-foreground" strokeWidth={1.5} />
      <h2 className="text-lg font-semibold">{t('com_admin_forbidden_title')}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{t('com_admin_forbidden')}</p>
      <Link
        to="/chat/new"
        data-testid="admin-forbidden-back"
        className="mt-2 inline-flex h-10 items-center justify-center rounded-xl bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/85 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        {t('com_admin_back')}
      </Link>
    </div>
  );
}

/** /admin (ADMIN only; the API answers 403 to anyone else too). */
export default function AdminPage() {
  const role = useSession((s) => s.user?.role);
  const [tab, setTab] = useState('users');
  if (role !== SystemRoles.ADMIN)
    return (
      <AdminLayout>
        <Forbidden />
      </AdminLayout>
    );
  return (
    <AdminLayout>
      <div role="tablist" className="mb-4 flex gap-1 border-b border-border">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            data-testid={`admin-tab-${id}`}
            onClick={() => setTab(id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm',
              tab === id ? 'border-foreground font-medium' : 'border-transparent text-muted-foreground',
            )}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {tab === 'users' ? <UsersPanel /> : null}
      {tab === 'roles' ? <RolesPanel /> : null}
      {tab === 'usage' ? <UsagePanel /> : null}
      {tab === 'banners' ? <BannersPanel /> : null}
    </AdminLayout>
  );
}
