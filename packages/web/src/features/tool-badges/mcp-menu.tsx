import { useQueryClient } from '@tanstack/react-query';
import { Check, KeyRound, LogIn, LogOut, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { mcpKeys, mcpStartSignIn, useMcpTools } from '../../api/mcp.ts';
import { mcpRevoke } from '../../api/mcp-changes.ts';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { mcpHeld, mcpKeyTool, mcpNeeds } from '../../lib/mcp-server-state.ts';
import { useBadgeStore } from './badge-store.ts';
import { McpBadgeButton } from './mcp-badge-button.tsx';
import { availableMcp } from './use-tool-toggles.ts';
import '../../i18n/en-tools.ts';

const ToolKeyDialog = lazy(() => import('../../components/tool-key-dialog.tsx'));

const MENU_WIDTH = 288;
const ICON_BUTTON =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-xl text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
/** Space kept from the window's edges. */
const EDGE = 8;

/** How long after a sign-in window opens its server's state is polled (then only on focus). */
export const SIGN_IN_WAIT_MS = 5 * 60_000;

/**
 * The MCP badge's menu (doc 3 §2): the user's servers, several may be picked for this conversation.
 * A server waiting for the user's values opens the key form and is picked once they are saved; one
 * waiting for sign-in offers it (a new window). States come from GET /api/mcp/tools.
 */
export default function McpMenu({
  toolKey,
  servers,
  count,
}: {
  toolKey: string;
  servers: Record<string, string>;
  count: number;
}) {
  const client = useQueryClient();
  // The server whose sign-in window is open: its state is polled until it is signed in.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const tools = useMcpTools(true, awaiting !== null);
  const picked = availableMcp(
    useBadgeStore((s) => s.toggles[toolKey]?.mcp),
    Object.keys(servers),
  );
  const setMcp = useBadgeStore((s) => s.setMcp);
  const [open, setOpen] = useState(true);
  const [keysFor, setKeysFor] = useState<string | null>(null);
  /** The key form changes values already set (blank fields keep theirs). */
  const [changing, setChanging] = useState(false);
  const [signInError, setSignInError] = useState<string | null>(null);

  const awaitedState = awaiting ? tools.data?.servers[awaiting]?.connectionState : undefined;
  useEffect(() => {
    if (awaiting && awaitedState && awaitedState !== 'requires_oauth') setAwaiting(null);
  }, [awaiting, awaitedState]);
  useEffect(() => {
    if (!awaiting) return;
    const timer = setTimeout(() => setAwaiting(null), SIGN_IN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting]);

  const toggle = (name: string) =>
    setMcp(toolKey, picked.includes(name) ? picked.filter((n) => n !== name) : [...picked, name]);

  const choose = (name: string) => {
    if (picked.includes(name)) return toggle(name);
    const needs = mcpNeeds(tools.data?.servers[name]);
    if (needs === 'keys') {
      setOpen(false);
      setChanging(false);
      return setKeysFor(name);
    }
    toggle(name);
  };

  const signIn = async (name: string) => {
    setSignInError(null);
    // Opened before the request: a window opened after an await is blocked as a pop-up.
    const popup = window.open('', '_blank');
    try {
      const { authorizationUrl } = await mcpStartSignIn(name);
      if (authorizationUrl && popup) {
        popup.location.href = authorizationUrl;
        setAwaiting(name);
      } else popup?.close();
      void client.invalidateQueries({ queryKey: mcpKeys.tools });
    } catch (error) {
      popup?.close();
      setSignInError((error as Error).message);
    }
  };

  const changeValues = (name: string) => {
    setOpen(false);
    setChanging(true);
    setKeysFor(name);
  };

  const revoke = async (name: string) => {
    setSignInError(null);
    try {
      await mcpRevoke(name);
      if (picked.includes(name)) toggle(name);
    } catch (error) {
      setSignInError((error as Error).message);
    }
    void client.invalidateQueries({ queryKey: mcpKeys.tools });
  };

  // A plain positioned panel, not Radix Popover: the popover's modules would be split into a chunk
  // shared with the app's entry and cost /chat/new a request (bench: requests until ready).
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ left: number; bottom: number } | null>(null);
  useLayoutEffect(() => {
    if (!open || !trigger.current) return;
    const r = trigger.current.getBoundingClientRect();
    const width = Math.min(MENU_WIDTH, window.innerWidth - 2 * EDGE);
    setAt({
      left: Math.max(EDGE, Math.min(r.left, window.innerWidth - width - EDGE)),
      bottom: window.innerHeight - r.top + 6,
    });
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const keysState = keysFor ? tools.data?.servers[keysFor] : undefined;
  return (
    <>
      <McpBadgeButton ref={trigger} count={count} aria-expanded={open} onClick={() => setOpen(!open)} />
      {open && at
        ? createPortal(
            <div
              ref={panel}
              data-testid="mcp-menu"
              style={{
                left: at.left,
                bottom: at.bottom,
                width: `min(${MENU_WIDTH}px, calc(100vw - ${2 * EDGE}px))`,
              }}
              className="fixed z-50 rounded-2xl border border-border bg-popover p-1 text-popover-foreground shadow-lg animate-in-fade"
            >
              <div
                role="menu"
                aria-label={t('com_ui_mcp_servers')}
                className="flex max-h-72 flex-col overflow-y-auto"
              >
                {Object.entries(servers).map(([name, title]) => {
                  const state = tools.data?.servers[name];
                  const needs = mcpNeeds(state);
                  const held = mcpHeld(state);
                  const on = picked.includes(name);
                  return (
                    <div key={name} className="flex items-center gap-1">
                      <button
                        type="button"
                        role="menuitemcheckbox"
                        aria-checked={on}
                        data-testid={`mcp-server-${name}`}
                        onClick={() => choose(name)}
                        className="flex min-w-0 flex-1 items-center gap-2 rounded-xl px-2 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <span
                          aria-hidden
                          className={cn(
                            'flex size-4 shrink-0 items-center justify-center rounded border',
                            on ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
                          )}
                        >
                          {on ? <Check className="size-3" /> : null}
                        </span>
                        <span className="min-w-0 flex-1 truncate">{title}</span>
                        {needs === 'keys' ? (
                          <KeyRound
                            className="size-4 shrink-0 text-muted-foreground"
                            aria-label={t('com_tools_keys_needed')}
                          />
                        ) : null}
                        {state?.connectionState === 'error' ? (
                          <span className="shrink-0 text-xs text-destructive">
                            {t('com_tools_mcp_unavailable')}
                          </span>
                        ) : null}
                      </button>
                      {needs === 'oauth' ? (
                        <button
                          type="button"
                          onClick={() => void signIn(name)}
                          data-testid={`mcp-signin-${name}`}
                          className="inline-flex shrink-0 items-center gap-1 rounded-xl px-2 py-2 text-xs text-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          <LogIn className="size-3.5" aria-hidden />
                          {t('com_tools_mcp_sign_in')}
                        </button>
                      ) : null}
                      {held === 'values' ? (
                        <button
                          type="button"
                          onClick={() => changeValues(name)}
                          data-testid={`mcp-change-${name}`}
                          aria-label={t('com_tools_mcp_change_values', { name: title })}
                          title={t('com_tools_mcp_change_values', { name: title })}
                          className={ICON_BUTTON}
                        >
                          <Pencil className="size-3.5" aria-hidden />
                        </button>
                      ) : null}
                      {held !== 'none' ? (
                        <button
                          type="button"
                          onClick={() => void revoke(name)}
                          data-testid={`mcp-revoke-${name}`}
                          aria-label={t(
                            held === 'values' ? 'com_tools_mcp_revoke' : 'com_tools_mcp_sign_out',
                            { name: title },
                          )}
                          title={t(held === 'values' ? 'com_tools_mcp_revoke' : 'com_tools_mcp_sign_out', {
                            name: title,
                          })}
                          className={ICON_BUTTON}
                        >
                          {held === 'values' ? (
                            <Trash2 className="size-3.5" aria-hidden />
                          ) : (
                            <LogOut className="size-3.5" aria-hidden />
                          )}
                        </button>
                      ) : null}
                    </div>
                  );
                })}
              </div>
              {signInError ? (
                <p role="alert" className="px-2 py-1 text-xs text-destructive">
                  {signInError}
                </p>
              ) : null}
            </div>,
            document.body,
          )
        : null}
      {keysFor && keysState ? (
        <Suspense fallback={null}>
          <ToolKeyDialog
            tool={mcpKeyTool(keysFor, servers[keysFor] ?? keysFor, keysState)}
            setFields={changing ? new Set(keysState.authConfig.map((f) => f.authField)) : undefined}
            open
            onOpenChange={(next) => {
              if (!next) setKeysFor(null);
            }}
            onSaved={() => {
              if (!changing && !picked.includes(keysFor)) setMcp(toolKey, [...picked, keysFor]);
              void client.invalidateQueries({ queryKey: mcpKeys.tools });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
