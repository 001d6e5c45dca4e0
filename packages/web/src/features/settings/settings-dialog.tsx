import { type ReactNode, useId } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { TranslationKey } from '../../i18n/en.ts';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { FONT_SIZES, type FontSize, type Theme, usePreferences } from '../../store/preferences.ts';
import { SharedLinksSetting } from '../share/shared-links-setting.tsx';
import { ArchivedChatsRow, ClearAllChatsRow } from './data-controls.tsx';
import { ForkSettingsRows } from './fork-settings.tsx';
import { ImportConversations } from './import-conversations.tsx';

const FONT_LABELS: Record<FontSize, TranslationKey> = {
  'text-xs': 'com_settings_font_xs',
  'text-sm': 'com_settings_font_sm',
  'text-base': 'com_settings_font_base',
  'text-lg': 'com_settings_font_lg',
  'text-xl': 'com_settings_font_xl',
};

const THEMES: { value: Theme; label: TranslationKey }[] = [
  { value: 'system', label: 'com_ui_theme_system' },
  { value: 'light', label: 'com_ui_theme_light' },
  { value: 'dark', label: 'com_ui_theme_dark' },
];

function Row({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <label htmlFor={id} className="min-w-0 text-sm">
        <span className="block">{label}</span>
        {hint ? <span className="mt-0.5 block text-xs text-muted-foreground">{hint}</span> : null}
      </label>
      {children(id)}
    </div>
  );
}

function Segmented<T extends string>({
  id,
  value,
  options,
  onChange,
}: {
  id: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset id={id} className="inline-flex shrink-0 rounded-lg bg-muted p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === o.value
              ? 'bg-background text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/** Preferences (doc 3 §2 settings tabs, the subset this client supports). */
export function SettingsDialog({
  open,
  onOpenChange,
  onNewChat,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts a new chat at /chat/new (after clearing chats or deleting the open one). */
  onNewChat?: () => void;
}) {
  const prefs = usePreferences();
  const set = prefs.setPreference;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('com_ui_settings')} closeLabel={t('com_settings_close')}>
        <section>
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t('com_settings_general')}
          </h3>
          <div className="divide-y divide-border">
            <Row label={t('com_ui_theme')}>
              {(id) => (
                <Segmented
                  id={id}
                  value={prefs.theme}
                  options={THEMES.map((o) => ({ value: o.value, label: t(o.label) }))}
                  onChange={(v) => set('theme', v)}
                />
              )}
            </Row>
            <ArchivedChatsRow onNewChat={onNewChat} />
          </div>
        </section>
        <section className="mt-5">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t('com_settings_chat')}
          </h3>
          <div className="divide-y divide-border">
            <Row label={t('com_settings_font_size')}>
              {(id) => (
                <select
                  id={id}
                  value={prefs.fontSize}
                  onChange={(e) => set('fontSize', e.target.value as FontSize)}
                  className="h-8 rounded-lg border border-border bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {FONT_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {t(FONT_LABELS[size])}
                    </option>
                  ))}
                </select>
              )}
            </Row>
            <Row label={t('com_settings_enter_to_send')} hint={t('com_settings_enter_to_send_hint')}>
              {(id) => (
                <Switch id={id} checked={prefs.enterToSend} onCheckedChange={(v) => set('enterToSend', v)} />
              )}
            </Row>
            <Row label={t('com_settings_show_thinking')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={prefs.showThinking ?? false}
                  onCheckedChange={(v) => set('showThinking', v)}
                />
              )}
            </Row>
            <Row label={t('com_settings_save_drafts')}>
              {(id) => (
                <Switch id={id} checked={prefs.saveDrafts} onCheckedChange={(v) => set('saveDrafts', v)} />
              )}
            </Row>
            <Row label={t('com_settings_latex')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={prefs.LaTeXParsing}
                  onCheckedChange={(v) => set('LaTeXParsing', v)}
                />
              )}
            </Row>
            <Row label={t('com_settings_scroll_button')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={prefs.showScrollButton}
                  onCheckedChange={(v) => set('showScrollButton', v)}
                />
              )}
            </Row>
            <Row label={t('com_settings_modular_chat')} hint={t('com_settings_modular_chat_hint')}>
              {(id) => (
                <Switch id={id} checked={prefs.modularChat} onCheckedChange={(v) => set('modularChat', v)} />
              )}
            </Row>
            <Row label={t('com_settings_advanced_mode')} hint={t('com_settings_advanced_mode_hint')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={prefs.advancedMode}
                  onCheckedChange={(v) => set('advancedMode', v)}
                  data-testid="setting-advanced-mode"
                />
              )}
            </Row>
            <Row label={t('com_settings_chat_direction')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={prefs.chatDirection === 'RTL'}
                  onCheckedChange={(v) => set('chatDirection', v ? 'RTL' : 'LTR')}
                />
              )}
            </Row>
            <ForkSettingsRows />
          </div>
        </section>
        <section className="mt-5">
          <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {t('com_settings_data_controls')}
          </h3>
          <div className="divide-y divide-border">
            <ImportConversations />
            <SharedLinksSetting />
            <ClearAllChatsRow onNewChat={onNewChat} />
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}
