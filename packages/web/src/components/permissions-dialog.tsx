import { type PermissionType, SystemRoles } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateRolePermissions } from '../api/admin.ts';
import { roleQuery } from '../api/auth.ts';
import type { TranslationKey } from '../i18n/t.ts';
import { t } from '../i18n/t.ts';
import { Button } from './ui/button.tsx';
import { ConfirmDialog } from './ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';
import { Switch } from './ui/switch.tsx';
import '../i18n/en-admin.ts';

type Perm = 'SHARED_GLOBAL' | 'CREATE' | 'USE';
const LABELS: Record<'PROMPTS' | 'AGENTS', { title: TranslationKey; perms: Record<Perm, TranslationKey> }> = {
  PROMPTS: {
    title: 'com_admin_prompts_settings',
    perms: {
      SHARED_GLOBAL: 'com_admin_prompts_share',
      CREATE: 'com_admin_prompts_create',
      USE: 'com_admin_prompts_use',
    },
  },
  AGENTS: {
    title: 'com_admin_agents_settings',
    perms: {
      SHARED_GLOBAL: 'com_admin_agents_share',
      CREATE: 'com_admin_agents_create',
      USE: 'com_admin_agents_use',
    },
  },
};
const ORDER: Perm[] = ['SHARED_GLOBAL', 'CREATE', 'USE'];

/**
 * The prompts / agents admin settings dialog (doc 2 §6, doc 3 §6): pick a role, three toggles;
 * turning off ADMIN's use asks first, since it removes the admin's own access.
 * Shared: the admin page and the agent builder both open it.
 */
export function PermissionsDialog({
  type,
  open,
  onOpenChange,
}: {
  type: Extract<PermissionType, 'PROMPTS' | 'AGENTS'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [role, setRole] = useState<string>(SystemRoles.USER);
  const loaded = useQuery({ ...roleQuery(role), enabled: open });
  const [values, setValues] = useState<Record<Perm, boolean> | null>(null);
  const [confirm, setConfirm] = useState(false);
  const update = useUpdateRolePermissions();
  const stored = loaded.data?.permissions[type];
  useEffect(() => {
    if (stored)
      setValues({ SHARED_GLOBAL: !!stored.SHARED_GLOBAL, CREATE: !!stored.CREATE, USE: !!stored.USE });
  }, [stored]);

  const save = () =>
    values &&
    update.mutate(
      { role, type, changes: values },
      {
        onSuccess: () => {
          toast.success(t('com_ui_saved'));
          onOpenChange(false);
        },
        onError: () => toast.error(t('com_admin_settings_error')),
      },
    );
  const labels = LABELS[type];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t(labels.title)} closeLabel={t('com_ui_close')} className="sm:max-w-md">
        <div data-testid={`permissions-dialog-${type}`}>
          <label className="flex items-center justify-between gap-3 text-sm">
            {t('com_admin_role')}
            <select
              value={role}
              data-testid="permissions-role"
              onChange={(e) => {
                setValues(null);
                setRole(e.target.value);
              }}
              className="rounded-md border border-border bg-background px-2 py-1"
            >
              <option value={SystemRoles.USER}>USER</option>
              <option value={SystemRoles.ADMIN}>ADMIN</option>
            </select>
          </label>
          <div className="mt-4 space-y-3">
            {ORDER.map((perm) => (
              <div key={perm} className="flex items-center justify-between gap-3 text-sm">
                <span id={`perm-label-${perm}`}>{t(labels.perms[perm])}</span>
                <Switch
                  aria-labelledby={`perm-label-${perm}`}
                  checked={values?.[perm] ?? false}
                  disabled={!values}
                  data-testid={`permission-${perm}`}
                  onCheckedChange={(checked) => {
                    if (!values) return;
                    if (perm === 'USE' && !checked && role === SystemRoles.ADMIN) setConfirm(true);
                    else setValues({ ...values, [perm]: checked });
                  }}
                />
              </div>
            ))}
          </div>
          <div className="mt-5 flex justify-end">
            <Button
              variant="primary"
              disabled={!values || update.isPending}
              onClick={save}
              data-testid="permissions-save"
            >
              {t('com_ui_save')}
            </Button>
          </div>
        </div>
        <ConfirmDialog
          open={confirm}
          onOpenChange={setConfirm}
          title={t('com_admin_confirm_admin_use_title')}
          description={t('com_admin_confirm_admin_use')}
          confirmLabel={t('com_ui_continue')}
          cancelLabel={t('com_ui_cancel')}
          closeLabel={t('com_ui_close')}
          testId="confirm-admin-use"
          onConfirm={() => {
            if (values) setValues({ ...values, USE: false });
            setConfirm(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
