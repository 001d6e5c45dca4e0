import type { AdminUser } from '@parley/schema';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  useAdjustBalance,
  useAdminUsers,
  useBanUser,
  useDeleteUser,
  useSetUserRole,
} from '../../api/admin.ts';
import { errorText } from '../../api/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { t } from '../../i18n/t.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useSession } from '../../store/session.ts';
import '../../i18n/en-admin.ts';

const failed = (error: unknown) => toast.error(errorText(error, 'com_admin_action_error'));

function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  const setRole = useSetUserRole();
  const ban = useBanUser();
  const remove = useDeleteUser();
  const adjust = useAdjustBalance();
  const [amount, setAmount] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const banned = user.bannedUntil !== null;
  return (
    <tr className="border-b border-border/60 align-middle" data-testid={`admin-user-${user.email}`}>
      <td className="py-2 pr-3">
        <div className="font-medium">{user.name}</div>
        <div className="text-xs text-muted-foreground">{user.email}</div>
      </td>
      <td className="py-2 pr-3">
        <select
          aria-label={t('com_admin_role')}
          data-testid="admin-user-role"
          value={user.role}
          disabled={self || setRole.isPending}
          onChange={(e) =>
            setRole.mutate({ userId: user.id, role: e.target.value as 'USER' | 'ADMIN' }, { onError: failed })
          }
          className="rounded-md border border-border bg-background px-2 py-1 text-sm"
        >
          <option value="USER">USER</option>
          <option value="ADMIN">ADMIN</option>
        </select>
      </td>
      <td className="py-2 pr-3 text-xs" data-testid="admin-user-status">
        {banned ? t('com_admin_banned') : t('com_admin_active')}
      </td>
      {user.tokenCredits !== null ? (
        <td className="py-2 pr-3">
          <form
            className="flex items-center gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              const n = Number(amount);
              if (!Number.isInteger(n) || n === 0) return;
              adjust.mutate(
                { userId: user.id, amount: n },
                { onSuccess: () => setAmount(''), onError: failed },
              );
            }}
          >
            <span className="w-20 tabular-nums" data-testid="admin-user-credits">
              {Math.round(user.tokenCredits).toLocaleString()}
            </span>
            <input
              aria-label={t('com_admin_balance_adjust')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              inputMode="numeric"
              placeholder="±"
              className="w-20 rounded-md border border-border bg-background px-2 py-1 text-sm"
            />
            <Button type="submit" variant="outline" size="sm">
              {t('com_admin_apply')}
            </Button>
          </form>
        </td>
      ) : null}
      <td className="py-2 text-right whitespace-nowrap">
        <Button
          variant="outline"
          size="sm"
          disabled={self || ban.isPending}
          data-testid="admin-user-ban"
          onClick={() => ban.mutate({ userId: user.id, ban: !banned }, { onError: failed })}
        >
          {banned ? t('com_admin_unban') : t('com_admin_ban')}
        </Button>{' '}
        <Button variant="outline" size="sm" disabled={self} onClick={() => setConfirmDelete(true)}>
          {t('com_ui_delete')}
        </Button>
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t('com_admin_delete_user')}
          description={t('com_admin_delete_user_confirm', { email: user.email })}
          confirmLabel={t('com_ui_delete')}
          cancelLabel={t('com_ui_cancel')}
          closeLabel={t('com_ui_close')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(user.id, { onSuccess: () => setConfirmDelete(false), onError: failed })
          }
        />
      </td>
    </tr>
  );
}

export function UsersPanel() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const users = useAdminUsers(debounced);
  const selfId = useSession((s) => s.user?.id);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];
  const showCredits = rows.some((u) => u.tokenCredits !== null);
  return (
    <section>
      <div className="mb-3 max-w-sm">
        <SearchField
          value={search}
          onChange={setSearch}
          label={t('com_admin_search_users')}
          testId="admin-user-search"
        />
      </div>
      {/* Small screens scroll the table sideways rather than cutting its action buttons off. */}
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="pb-2 font-medium">{t('com_admin_user')}</th>
              <th className="pb-2 font-medium">{t('com_admin_role')}</th>
              <th className="pb-2 font-medium">{t('com_admin_status')}</th>
              {showCredits ? <th className="pb-2 font-medium">{t('com_admin_balance')}</th> : null}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <UserRow key={u.id} user={u} self={u.id === selfId} />
            ))}
          </tbody>
        </table>
      </div>
      {users.hasNextPage ? (
        <Button variant="outline" className="mt-3" onClick={() => void users.fetchNextPage()}>
          {t('com_admin_load_more')}
        </Button>
      ) : null}
      {!users.isLoading && rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">{t('com_admin_no_users')}</p>
      ) : null}
    </section>
  );
}
