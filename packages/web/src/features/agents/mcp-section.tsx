import { Check, KeyRound, LogIn, Minus, Plug, Server } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { mcpStartSignIn, useMcpTools } from '../../api/mcp.ts';
import { useMcpReinitialize } from '../../api/mcp-changes.ts';
import { Button } from '../../components/ui/button.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { mcpKeyTool } from '../../lib/mcp-server-state.ts';
import { toggleTool } from './agent-form.ts';
import { type McpGroup, mcpGroups } from './mcp-groups.ts';
import type { AgentEditor } from './use-agent-editor.ts';
import '../../i18n/en-agents.ts';
import '../../i18n/en-tools.ts';

const ToolKeyDialog = lazy(() => import('../../components/tool-key-dialog.tsx'));

/** A native checkbox with a 32 px target (the side panel's tap size) drawn as a 16 px box. */
function CheckBox({
  id,
  checked,
  disabled,
  label,
  onChange,
  testId,
}: {
  id?: string;
  checked: boolean | 'mixed';
  disabled: boolean;
  label?: string;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'mixed';
  }, [checked]);
  return (
    <span className="relative flex size-8 shrink-0 items-center justify-center">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        checked={checked === true}
        disabled={disabled}
        aria-label={label}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
        className="peer absolute inset-0 m-0 size-8 cursor-pointer appearance-none rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default"
      />
      <span
        aria-hidden
        className={cn(
          'pointer-events-none flex size-4 items-center justify-center rounded border peer-disabled:opacity-50',
          checked ? 'border-primary bg-primary text-primary-foreground' : 'border-muted-foreground/60',
        )}
      >
        {checked === 'mixed' ? <Minus className="size-3" /> : checked ? <Check className="size-3" /> : null}
      </span>
    </span>
  );
}

function stateText(group: McpGroup): string | null {
  if (group.state === 'missing') return t('com_agents_mcp_state_missing');
  if (group.needs === 'oauth') return t('com_agents_mcp_needs_sign_in');
  if (group.needs === 'keys')
    return t('com_agents_mcp_needs_values', {
      fields: group.info?.authConfig.map((f) => f.label).join(', ') ?? '',
    });
  if (group.state === 'connecting') return t('com_agents_mcp_state_connecting');
  if (group.state === 'disconnected') return t('com_agents_mcp_state_disconnected');
  if (group.state === 'error') return t('com_agents_mcp_state_error');
  return null;
}

function ServerGroup({
  group,
  tools,
  disabled,
  busy,
  failure,
  onTools,
  onConnect,
  onKeys,
  onSignIn,
}: {
  group: McpGroup;
  tools: ReadonlySet<string>;
  disabled: boolean;
  busy: boolean;
  failure: string | null;
  onTools: (keys: string[], on: boolean) => void;
  onConnect: () => void;
  onKeys: () => void;
  onSignIn: () => void;
}) {
  const baseId = useId();
  const { server, title } = group;
  const total = group.tools.length;
  const all: boolean | 'mixed' = group.selected === 0 ? false : group.selected === total ? true : 'mixed';
  const state = stateText(group);
  const canConnect = group.needs === 'none' && (group.state === 'disconnected' || group.state === 'error');
  return (
    <li
      className="flex min-w-0 flex-col gap-1 rounded-lg border border-border p-2"
      data-testid={`agent-mcp-server-${server}`}
      data-state={group.state}
    >
      <div className="flex min-w-0 items-center gap-2">
        <CheckBox
          checked={all}
          disabled={disabled || total === 0}
          label={t('com_agents_mcp_select_all', { name: title })}
          // Select all adds the tools the server lists; clearing removes every one of the server's.
          onChange={(on) =>
            onTools(
              group.tools.filter((row) => !on || row.available).map((row) => row.key),
              on,
            )
          }
          testId={`agent-mcp-all-${server}`}
        />
        {group.icon ? (
          <img src={group.icon} alt="" className="size-6 shrink-0 rounded-md object-cover" />
        ) : (
          <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-muted">
            <Server className="size-3.5" aria-hidden />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium" title={title}>
            {title}
          </span>
          <span
            className="block text-xs text-muted-foreground tabular-nums"
            data-testid={`agent-mcp-count-${server}`}
          >
            {t('com_agents_mcp_selected', { count: group.selected, total })}
          </span>
        </span>
      </div>
      {state || canConnect || group.needs !== 'none' ? (
        <div className="flex flex-wrap items-center gap-2 pl-10">
          {state ? (
            <p
              className={cn(
                'min-w-0 flex-1 text-xs',
                group.state === 'error' || group.state === 'missing'
                  ? 'text-destructive'
                  : 'text-muted-foreground',
              )}
              data-testid={`agent-mcp-state-${server}`}
            >
              {state}
            </p>
          ) : null}
          {canConnect ? (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={t('com_agents_mcp_connect_named', { name: title })}
              onClick={onConnect}
              data-testid={`agent-mcp-connect-${server}`}
            >
              <Plug className="size-4" aria-hidden />
              {t('com_agents_mcp_connect')}
            </Button>
          ) : null}
          {group.needs === 'keys' ? (
            <Button size="sm" variant="outline" onClick={onKeys} data-testid={`agent-mcp-keys-${server}`}>
              <KeyRound className="size-4" aria-hidden />
              {t('com_agents_mcp_set_values')}
            </Button>
          ) : null}
          {group.needs === 'oauth' ? (
            <Button size="sm" variant="outline" onClick={onSignIn} data-testid={`agent-mcp-signin-${server}`}>
              <LogIn className="size-4" aria-hidden />
              {t('com_tools_mcp_sign_in')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="pl-10 text-xs text-destructive">
          {t('com_agents_mcp_connect_error', { error: failure })}
        </p>
      ) : null}
      {total === 0 && group.state !== 'missing' ? (
        <p className="pl-10 text-xs text-muted-foreground">
          {group.state === 'connected'
            ? t('com_agents_mcp_no_tools')
            : t('com_agents_mcp_tools_after_connect')}
        </p>
      ) : null}
      {total > 0 ? (
        <ul className="flex min-w-0 flex-col" aria-label={title}>
          {group.tools.map((row) => {
            const id = `${baseId}-${row.key}`;
            return (
              <li key={row.key} className="flex min-w-0 items-center gap-2">
                <CheckBox
                  id={id}
                  checked={tools.has(row.key)}
                  disabled={disabled}
                  onChange={(on) => onTools([row.key], on)}
                  testId={`agent-mcp-tool-${row.key}`}
                />
                <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer text-sm">
                  <span className="block truncate" title={row.name}>
                    {row.name}
                  </span>
                  {row.available ? (
                    row.description ? (
                      <span className="block truncate text-xs text-muted-foreground" title={row.description}>
                        {row.description}
                      </span>
                    ) : null
                  ) : (
                    <span
                      className="block text-xs text-muted-foreground"
                      data-testid={`agent-mcp-unavailable-${row.key}`}
                    >
                      {t('com_agents_mcp_tool_unavailable')}
                    </span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The builder's MCP servers (issue 16 point 2): each of the user's servers with its tools as
 * checkboxes (keys `<tool>_mcp_<server>` in the agent's tools), a select-all and a count per
 * server. A server that is not connected shows its state and Connect (POST …/reinitialize); one
 * waiting for the user's customUserVars opens the key form; one waiting for OAuth offers sign-in.
 * Tools the agent has whose server is down stay listed (see mcp-groups.ts). Loaded lazily by the
 * capability sections; draws nothing when the user has no servers and the agent no MCP tools.
 */
export default function McpSection({
  editor: { form, setForm },
  disabled,
  allowed,
}: {
  editor: Pick<AgentEditor, 'form' | 'setForm'>;
  disabled: boolean;
  /**
   * MCP_SERVERS USE, handed down: importing the permission hook here would split it off the
   * chat's chunk into one more request on /chat/new.
   */
  allowed: boolean;
}) {
  const query = useMcpTools(allowed);
  const reinit = useMcpReinitialize();
  const [connecting, setConnecting] = useState<string | null>(null);
  const [failures, setFailures] = useState<Record<string, string>>({});
  const [keysFor, setKeysFor] = useState<McpGroup | null>(null);

  // Nothing until the servers are known (a held key would flash as missing).
  if (allowed && query.isPending) return null;
  const groups = mcpGroups(query.data?.servers, form.tools);
  if (groups.length === 0) return null;
  const chosen = new Set(form.tools);

  const fail = (server: string, message: string | null) =>
    setFailures((f) => {
      const next = { ...f };
      if (message) next[server] = message;
      else delete next[server];
      return next;
    });

  const connect = (server: string) => {
    fail(server, null);
    setConnecting(server);
    reinit.mutate(server, {
      onSuccess: (res) => {
        if (!res.success && !res.oauthRequired) fail(server, res.message);
      },
      onError: (error) => fail(server, error.message),
      onSettled: () => setConnecting(null),
    });
  };

  const signIn = async (server: string) => {
    fail(server, null);
    // Opened before the request: a window opened after an await is blocked as a pop-up.
    const popup = window.open('', '_blank');
    try {
      const { authorizationUrl } = await mcpStartSignIn(server);
      if (authorizationUrl && popup) popup.location.href = authorizationUrl;
      else popup?.close();
      void query.refetch();
    } catch (error) {
      popup?.close();
      fail(server, (error as Error).message);
    }
  };

  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-border p-3"
      data-testid="agent-section-mcp"
    >
      <h3 className="text-sm font-semibold">{t('com_agents_mcp_servers')}</h3>
      <p className="text-xs text-muted-foreground">{t('com_agents_mcp_hint')}</p>
      <ul className="flex flex-col gap-2">
        {groups.map((group) => (
          <ServerGroup
            key={group.server}
            group={group}
            tools={chosen}
            disabled={disabled}
            busy={connecting === group.server}
            failure={failures[group.server] ?? null}
            onTools={(keys, on) => setForm((f) => keys.reduce((acc, key) => toggleTool(acc, key, on), f))}
            onConnect={() => connect(group.server)}
            onKeys={() => setKeysFor(group)}
            onSignIn={() => void signIn(group.server)}
          />
        ))}
      </ul>
      {keysFor?.info ? (
        <Suspense fallback={null}>
          <ToolKeyDialog
            tool={mcpKeyTool(keysFor.server, keysFor.title, keysFor.info)}
            open
            onOpenChange={(next) => {
              if (!next) setKeysFor(null);
            }}
            onSaved={() => connect(keysFor.server)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
