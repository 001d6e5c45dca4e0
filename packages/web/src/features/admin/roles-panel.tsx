import { PERMISSIONS_BY_TYPE, type PermissionType, SystemRoles } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useUpdateRolePermissions } from '../../api/admin.ts';
import { roleQuery } from '../../api/auth.ts';
import { PermissionsDialog } from '../../components/permissions-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-admin.ts';

const PERMS = ['USE', 'CREATE', 'SHARED_GLOBAL'] as const;

/** The roles × permissions matrix: each switch saves at once (PUT /api/roles/:name/:type). */
export function RolesPanel() {
  const [role, setRole] = useState<string>(SystemRoles.USER);
  const loaded = useQuery(roleQuery(role));
  const update = useUpdateRolePermissions();
  const [dialog, setDialog] = useState<'PROMPTS' | 'AGENTS' | null>(null);
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <select
          aria-label={t('com_admin_role')}
          data-testid="roles-role"
          value={role}
          onChange={(e) => setRole(e.target.value)}
          className="rounded-md border border-border bg-background px-2 py-1 text-sm"
        >
          <option value={SystemRoles.USER}>USER</option>
          <option value={SystemRoles.ADMIN}>ADMIN</option>
        </select>
        <div className="flex-1" />
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDialog('PROMPTS')}
          data-testid="open-prompts-settings"
        >
          {t('com_admin_prompts_settings')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => setDialog('AGENTS')}
          data-testid="open-agents-settings"
        >
          {t('com_admin_agents_settings')}
        </Button>
      </div>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="pb-2 font-medium">{t('com_admin_permission_type')}</th>
            {PERMS.map((p) => (
              <th key={p} className="pb-2 font-medium">
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(Object.keys(PERMISSIONS_BY_TYPE) as PermissionType[]).map((type) => (
            <tr key={type} className="border-b border-border/60">
              <td className="py-2 font-mono text-xs">{type}</td>
              {PERMS.map((perm) => (
                <td key={perm} className="py-2">
                  {(PERMISSIONS_BY_TYPE[type] as string[]).includes(perm) ? (
                    <Switch
                      aria-label={`${type} ${perm}`}
                      data-testid={`matrix-${type}-${perm}`}
                      checked={loaded.data?.permissions[type]?.[perm] === true}
                      disabled={!loaded.data || update.isPending}
                      onCheckedChange={(checked) =>
                        update.mutate(
                          { role, type, changes: { [perm]: checked } },
                          { onError: () => toast.error(t('com_admin_settings_error')) },
                        )
                      }
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {dialog ? (
        <PermissionsDialog type={dialog} open onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
    </section>
  );
}
