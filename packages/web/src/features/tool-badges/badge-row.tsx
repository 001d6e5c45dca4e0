import { Blocks, type LucideIcon, Settings2, SquareTerminal, Telescope } from 'lucide-react';
import { createElement, lazy, Suspense, useState } from 'react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { type TranslationKey, t } from '../../i18n/t.ts';
import { useBadgeStore } from './badge-store.ts';
import { badgeClass } from './badge-style.ts';
import { type BadgeId, normalizeLayout, type ToggleBadgeId } from './badges.ts';
import { McpBadge } from './mcp-badge.tsx';

// Edit mode, the key check and the Deep Dive notice load on use: /chat/new draws only the row.
const BadgeEditor = lazy(() => import('./badge-editor.tsx'));
const BadgeActivation = lazy(() => import('./badge-activation.tsx'));

/** doc 3 §3 Badge: id, icon, label; `isAvailable` is the row's `available`, `atom` the toggle it flips. */
export type BadgeDefs = Record<BadgeId, { icon: LucideIcon; label: TranslationKey }>;
const BADGES: BadgeDefs = {
  deep_dive: { icon: Telescope, label: 'com_ui_deep_dive' },
  execute_code: { icon: SquareTerminal, label: 'com_ui_run_code' },
  mcp: { icon: Blocks, label: 'com_ui_mcp_servers' },
};

export type BadgeRowProps = {
  userId: string;
  /** The conversation id whose toggles the row shows (NEW_CHAT_KEY before it exists). */
  toolKey: string;
  /** Which badges the server can serve now (Deep Dive: web search; code: an execute_code engine). */
  available: Record<BadgeId, boolean>;
  /** The MCP servers the badge offers (name → title); the MCP badge shows when `available.mcp`. */
  mcpServers?: Record<string, string>;
};

/**
 * The composer's tools badge row (doc 3 §2): one toggle per available badge in the user's order,
 * and the edit button. A badge turns on only once its tool has keys (an API key dialog otherwise,
 * doc 3 §4); Deep Dive then shows its notice.
 */
export function BadgeRow({ userId, toolKey, available, mcpServers = {} }: BadgeRowProps) {
  const stored = useBadgeStore((s) => s.layouts[userId]);
  const toggles = useBadgeStore((s) => s.toggles[toolKey]);
  const setToggle = useBadgeStore((s) => s.setToggle);
  const [editing, setEditing] = useState(false);
  const [activating, setActivating] = useState<ToggleBadgeId | null>(null);
  const layout = normalizeLayout(stored);
  if (!Object.values(available).some(Boolean)) return null;

  if (editing)
    return (
      <Suspense fallback={null}>
        <BadgeEditor
          badges={BADGES}
          layout={layout}
          available={available}
          onCancel={() => setEditing(false)}
          onSave={(next) => {
            useBadgeStore.getState().saveLayout(userId, next);
            setEditing(false);
          }}
        />
      </Suspense>
    );

  const shown = layout.order.filter((id) => !layout.hidden.includes(id) && available[id]);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1" data-testid="badge-row">
      {shown.map((id) => {
        if (id === 'mcp') return <McpBadge key={id} toolKey={toolKey} servers={mcpServers} />;
        const { icon: Icon, label } = BADGES[id];
        const on = toggles?.[id] === true;
        return (
          <button
            key={id}
            type="button"
            aria-pressed={on}
            data-testid={`badge-${id}`}
            disabled={activating === id}
            onClick={() => (on ? setToggle(toolKey, id, false) : setActivating(id))}
            className={badgeClass(on)}
          >
            <Icon className="size-4" aria-hidden />
            <span className="max-[420px]:sr-only">{t(label)}</span>
          </button>
        );
      })}
      <Tooltip content={t('com_ui_edit_badges')}>
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label={t('com_ui_edit_badges')}
          data-testid="badge-edit"
          className="inline-flex size-9 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Settings2 className="size-4" />
        </button>
      </Tooltip>
      {activating ? (
        <Suspense fallback={null}>
          <BadgeActivation
            badge={activating}
            icon={createElement(BADGES[activating].icon, { className: 'size-6', 'aria-hidden': true })}
            onEnabled={() => setToggle(toolKey, activating, true)}
            onDone={() => setActivating(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
