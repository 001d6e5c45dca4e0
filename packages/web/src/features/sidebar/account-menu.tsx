import type { User } from '@parley/schema';
import { Coins, LogOut, Monitor, Moon, Settings, Shield, Sun } from 'lucide-react';
import { Link } from 'react-router';
import { useBalance } from '../../api/balance.ts';
import { useStartupConfig } from '../../api/config.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { t } from '../../i18n/t.ts';
import { type Theme, usePreferences } from '../../store/preferences.ts';

const THEMES: {
  value: Theme;
  label: 'com_ui_theme_system' | 'com_ui_theme_light' | 'com_ui_theme_dark';
  icon: typeof Sun;
}[] = [
  { value: 'system', label: 'com_ui_theme_system', icon: Monitor },
  { value: 'light', label: 'com_ui_theme_light', icon: Sun },
  { value: 'dark', label: 'com_ui_theme_dark', icon: Moon },
];

/** Account menu at the bottom of the sidebar: who is signed in, theme, settings, log out. */
export function AccountMenu({
  user,
  onOpenSettings,
  onLogout,
}: {
  user: User | null;
  onOpenSettings: () => void;
  onLogout: () => void;
}) {
  const theme = usePreferences((s) => s.theme);
  const setPreference = usePreferences((s) => s.setPreference);
  const name = user?.name || user?.username || '';
  const balanceEnabled = useStartupConfig().data?.balance.enabled ?? false;
  const balance = useBalance(balanceEnabled);
  const credits = balance.data?.tokenCredits;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          data-testid="account-menu"
          className="flex w-full items-center gap-2.5 rounded-xl px-2 py-2 text-left text-sm transition-colors hover:bg-sidebar-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-sidebar-accent"
        >
          <UserAvatar user={user} />
          <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        className="w-[calc(var(--radix-dropdown-menu-trigger-width))] min-w-60"
      >
        {user?.email ? (
          <DropdownMenuLabel className="truncate font-normal">{user.email}</DropdownMenuLabel>
        ) : null}
        {balanceEnabled && credits !== undefined ? (
          <DropdownMenuLabel className="flex items-center gap-2 font-normal" data-testid="balance">
            <Coins className="size-4" />
            {t('com_nav_balance', { balance: Math.round(credits).toLocaleString() })}
          </DropdownMenuLabel>
        ) : null}
        <DropdownMenuItem onSelect={onOpenSettings} data-testid="open-settings">
          <Settings />
          {t('com_ui_settings')}
        </DropdownMenuItem>
        {user?.role === 'ADMIN' ? (
          <DropdownMenuItem asChild data-testid="open-admin">
            <Link to="/admin">
              <Shield />
              {t('com_nav_admin')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('com_ui_theme')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(v) => setPreference('theme', v as Theme)}>
          {THEMES.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value} data-testid={`theme-${value}`}>
              <Icon />
              {t(label)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} data-testid="logout">
          <LogOut />
          {t('com_ui_logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
