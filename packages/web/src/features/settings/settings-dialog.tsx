import { Code2, Database, MessageSquare, Settings2, SquareSlash, UserRound } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ComponentType, type ReactNode, useState } from 'react';
import { usePermission } from '../../api/permissions.ts';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Row, Segmented, SwitchRow, selectClass } from '../../components/ui/settings-row.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import type { TranslationKey } from '../../i18n/t.ts';
import { t } from '../../i18n/t.ts';
import { useIsSmallScreen } from '../../lib/use-media-query.ts';
import {
  FONT_SIZES,
  type FontSize,
  LANGUAGES,
  type Language,
  type Theme,
  usePreferences,
} from '../../store/preferences.ts';
import '../../i18n/en-artifacts.ts';
import '../../i18n/en-prompt-use.ts';
import { AccountTab } from './account-tab.tsx';
import { ArtifactsTab } from './artifacts-tab.tsx';
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

/** Only languages with a complete translation are offered. */
const LANGUAGE_LABELS: Record<Language, TranslationKey> = { 'en-US': 'com_settings_language_en' };

type TabId = 'general' | 'chat' | 'commands' | 'data' | 'artifacts' | 'account';

const TABS: { id: TabId; label: TranslationKey; icon: ComponentType<{ className?: string }> }[] = [
  { id: 'general', label: 'com_settings_general', icon: Settings2 },
  { id: 'chat', label: 'com_settings_chat', icon: MessageSquare },
  { id: 'commands', label: 'com_prompt_use_commands', icon: SquareSlash },
  { id: 'data', label: 'com_settings_data_controls', icon: Database },
  { id: 'artifacts', label: 'com_settings_artifacts', icon: Code2 },
  { id: 'account', label: 'com_nav_setting_account', icon: UserRound },
];

function GeneralTab({ onNewChat }: { onNewChat?: () => void }) {
  const theme = usePreferences((s) => s.theme);
  const lang = usePreferences((s) => s.lang);
  const set = usePreferences((s) => s.setPreference);
  return (
    <>
      <Row label={t('com_ui_theme')}>
        {(id) => (
          <Segmented
            id={id}
            value={theme}
            options={THEMES.map((o) => ({ value: o.value, label: t(o.label) }))}
            onChange={(v) => set('theme', v)}
          />
        )}
      </Row>
      <Row label={t('com_settings_language')}>
        {(id) => (
          <select
            id={id}
            value={lang}
            onChange={(e) => set('lang', e.target.value as Language)}
            className={selectClass}
            data-testid="setting-language"
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(LANGUAGE_LABELS[l])}
              </option>
            ))}
          </select>
        )}
      </Row>
      <SwitchRow
        name="enableUserMsgMarkdown"
        label={t('com_settings_user_msg_markdown')}
        testId="setting-user-markdown"
      />
      <SwitchRow name="autoScroll" label={t('com_settings_auto_scroll')} testId="setting-auto-scroll" />
      <SwitchRow
        name="hideSidePanel"
        label={t('com_settings_hide_side_panel')}
        testId="setting-hide-side-panel"
      />
      <ArchivedChatsRow onNewChat={onNewChat} />
    </>
  );
}

function ChatTab() {
  const fontSize = usePreferences((s) => s.fontSize);
  const chatDirection = usePreferences((s) => s.chatDirection);
  const showThinking = usePreferences((s) => s.showThinking);
  const set = usePreferences((s) => s.setPreference);
  return (
    <>
      <Row label={t('com_settings_font_size')}>
        {(id) => (
          <select
            id={id}
            value={fontSize}
            onChange={(e) => set('fontSize', e.target.value as FontSize)}
            className={selectClass}
            data-testid="setting-font-size"
          >
            {FONT_SIZES.map((size) => (
              <option key={size} value={size}>
                {t(FONT_LABELS[size])}
              </option>
            ))}
          </select>
        )}
      </Row>
      <Row label={t('com_settings_chat_direction')}>
        {(id) => (
          <Switch
            id={id}
            checked={chatDirection === 'RTL'}
            onCheckedChange={(v) => set('chatDirection', v ? 'RTL' : 'LTR')}
          />
        )}
      </Row>
      <SwitchRow
        name="enterToSend"
        label={t('com_settings_enter_to_send')}
        hint={t('com_settings_enter_to_send_hint')}
      />
      <SwitchRow
        name="maximizeChatSpace"
        label={t('com_settings_maximize_chat_space')}
        hint={t('com_settings_maximize_chat_space_hint')}
        testId="setting-maximize-chat-space"
      />
      <SwitchRow
        name="centerFormOnLanding"
        label={t('com_settings_center_form')}
        testId="setting-center-form"
      />
      <Row label={t('com_settings_show_thinking')}>
        {(id) => (
          <Switch id={id} checked={showThinking ?? false} onCheckedChange={(v) => set('showThinking', v)} />
        )}
      </Row>
      <SwitchRow name="showCode" label={t('com_settings_show_code')} testId="setting-show-code" />
      <SwitchRow name="LaTeXParsing" label={t('com_settings_latex')} />
      <SwitchRow name="saveDrafts" label={t('com_settings_save_drafts')} />
      <SwitchRow
        name="saveBadgesState"
        label={t('com_settings_save_badges_state')}
        hint={t('com_settings_save_badges_state_hint')}
        testId="setting-save-badges-state"
      />
      <SwitchRow name="showScrollButton" label={t('com_settings_scroll_button')} />
      <SwitchRow
        name="modularChat"
        label={t('com_settings_modular_chat')}
        hint={t('com_settings_modular_chat_hint')}
      />
      <SwitchRow
        name="advancedMode"
        label={t('com_settings_advanced_mode')}
        hint={t('com_settings_advanced_mode_hint')}
        testId="setting-advanced-mode"
      />
      <ForkSettingsRows />
    </>
  );
}

/**
 * Commands (doc 3 §2): the `/` prompt popover on or off. The `@` and `+` popovers of the spec do
 * not exist here yet, so the tab holds only `/` and shows only with PROMPTS USE (doc 3 §6).
 */
function CommandsTab() {
  return (
    <SwitchRow
      name="slashCommand"
      label={t('com_prompt_use_slash_command')}
      hint={t('com_prompt_use_slash_command_hint')}
      testId="setting-slash-command"
    />
  );
}

function DataControlsTab({ onNewChat, rows }: { onNewChat?: () => void; rows?: ReactNode }) {
  return (
    <>
      <ImportConversations />
      {rows}
      <ClearAllChatsRow onNewChat={onNewChat} />
    </>
  );
}

/**
 * Preferences in tabs (doc 3 §2 Settings tabs): a vertical tab list beside the panel on wide
 * screens, a segmented bar above it on small ones. Every choice is saved in the browser.
 */
export function SettingsDialog({
  open,
  onOpenChange,
  onNewChat,
  dataRows,
  accountRows,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Starts a new chat at /chat/new (after clearing chats or deleting the open one). */
  onNewChat?: () => void;
  /** Rows other features own, composed by the app (app/settings.tsx): Data controls, before "clear all". */
  dataRows?: ReactNode;
  /** …and Account, after the username display switch. */
  accountRows?: ReactNode;
}) {
  const [tab, setTab] = useState<TabId>('general');
  const small = useIsSmallScreen();
  const promptsUse = usePermission('PROMPTS', 'USE');
  const tabs = promptsUse ? TABS : TABS.filter((tab) => tab.id !== 'commands');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_ui_settings')}
        closeLabel={t('com_settings_close')}
        className="sm:max-w-2xl"
      >
        <Tabs.Root
          value={tab}
          onValueChange={(v) => setTab(v as TabId)}
          orientation={small ? 'horizontal' : 'vertical'}
          className="flex flex-col gap-3 sm:min-h-[26rem] sm:flex-row sm:gap-6"
          data-testid="settings-tabs"
        >
          <Tabs.List
            aria-label={t('com_settings_tabs')}
            className="sticky top-0 z-10 -mx-1 flex shrink-0 gap-0.5 rounded-xl bg-muted p-1 sm:mx-0 sm:w-44 sm:flex-col sm:self-start sm:bg-transparent sm:p-0"
          >
            {tabs.map(({ id, label, icon: Icon }) => (
              <Tabs.Trigger
                key={id}
                value={id}
                data-testid={`settings-tab-${id}`}
                className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm sm:flex-none sm:justify-start sm:px-3 sm:py-2 sm:hover:bg-muted sm:data-[state=active]:bg-muted sm:data-[state=active]:shadow-none"
              >
                <Icon className="size-4 shrink-0 max-sm:hidden" />
                <span className="truncate">{t(label)}</span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="min-w-0 flex-1">
            <Tabs.Content value="general" className="divide-y divide-border focus-visible:outline-none">
              <GeneralTab onNewChat={onNewChat} />
            </Tabs.Content>
            <Tabs.Content value="chat" className="divide-y divide-border focus-visible:outline-none">
              <ChatTab />
            </Tabs.Content>
            {promptsUse ? (
              <Tabs.Content value="commands" className="divide-y divide-border focus-visible:outline-none">
                <CommandsTab />
              </Tabs.Content>
            ) : null}
            <Tabs.Content value="data" className="divide-y divide-border focus-visible:outline-none">
              <DataControlsTab onNewChat={onNewChat} rows={dataRows} />
            </Tabs.Content>
            <Tabs.Content value="artifacts" className="divide-y divide-border focus-visible:outline-none">
              <ArtifactsTab />
            </Tabs.Content>
            <Tabs.Content value="account" className="divide-y divide-border focus-visible:outline-none">
              <AccountTab>{accountRows}</AccountTab>
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}
