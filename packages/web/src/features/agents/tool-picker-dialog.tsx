import type { AvailableTool } from '@parley/schema';
import { ChevronLeft, ChevronRight, KeyRound, Wrench } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useSaveToolAuth, useToolAuth } from '../../api/agents.ts';
import { ToolAuthForm } from '../../components/tool-auth-form.tsx';
import { AUTH_ERROR_MS } from '../../components/tool-key-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import { searchTools, toolColumns, toolPage, toolPageSize } from './tool-picker-pages.ts';
import '../../i18n/en-tools.ts';

const COLUMNS: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};

function useWindowWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth,
    () => 1280,
  );
}

/** Whose keys a tool runs with, as its card says. */
function keyStatus(tool: AvailableTool): string | null {
  if (!tool.authConfig?.length) return null;
  return tool.authenticated ? t('com_tools_keys_set') : t('com_tools_keys_needed');
}

/**
 * The agent builder's tool picker (doc 3 §2): search, pages sized by the window, Add / Remove per
 * tool. Adding a tool that needs the user's keys asks its auth status (GET …/tools/:id/auth, retried
 * once) and, when not authenticated, shows the key form first (saved with POST /api/user/plugins
 * `install`). Keys the user gave can be revoked (`uninstall`). The agent's tool list changes in the
 * form; the builder's Save keeps it.
 */
export default function ToolPickerDialog({
  tools,
  selected,
  onAdd,
  onRemove,
  open,
  onOpenChange,
}: {
  tools: readonly AvailableTool[];
  selected: ReadonlySet<string>;
  onAdd: (key: string) => void;
  onRemove: (key: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const width = useWindowWidth();
  const size = toolPageSize(width);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState<AvailableTool | null>(null);
  const [checking, setChecking] = useState<AvailableTool | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveToolAuth();
  const status = useToolAuth(checking?.pluginKey ?? '', checking !== null);

  // The auth status of the tool being added decides: add now, or ask for its keys.
  useEffect(() => {
    if (!checking) return;
    if (status.data) {
      if (status.data.authenticated) onAdd(checking.pluginKey);
      else setAsking(checking);
      setChecking(null);
    } else if (status.isError) {
      setAsking(checking);
      setChecking(null);
    }
  }, [checking, status.data, status.isError, onAdd]);

  const found = searchTools(tools, query);
  const shown = toolPage(found, page, size);

  const add = (tool: AvailableTool) => {
    setFailure(null);
    if (tool.authConfig?.length) setChecking(tool);
    else onAdd(tool.pluginKey);
  };

  const install = (tool: AvailableTool, auth: Record<string, string>) =>
    save.mutate(
      { pluginKey: tool.pluginKey, action: 'install', auth },
      {
        onSuccess: () => {
          setAsking(null);
          onAdd(tool.pluginKey);
        },
        onError: (error) => {
          setFailure(error.message);
          setTimeout(() => setFailure(null), AUTH_ERROR_MS);
        },
      },
    );

  const revoke = (tool: AvailableTool) =>
    save.mutate(
      { pluginKey: tool.pluginKey, action: 'uninstall' },
      {
        onSuccess: () => toast.success(t('com_tools_revoked', { name: tool.name })),
        onError: (error) => toast.error(t('com_tools_revoke_error', { error: error.message })),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('com_tools_picker_title')}
        description={t('com_tools_picker_description')}
        closeLabel={t('com_ui_close')}
        className="sm:max-w-2xl lg:max-w-4xl"
      >
        <div className="flex flex-col gap-4" data-testid="tool-picker">
          {failure ? (
            <p role="alert" className="rounded-xl bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {t('com_tools_plugin_auth_error')} {failure}
            </p>
          ) : null}
          {asking ? (
            <section className="rounded-xl border border-border p-4" data-testid="tool-picker-auth">
              <h3 className="mb-3 text-sm font-semibold">
                {t('com_tools_auth_title', { name: asking.name })}
              </h3>
              <ToolAuthForm
                key={asking.pluginKey}
                tool={asking}
                pending={save.isPending}
                onCancel={() => setAsking(null)}
                onSubmit={(auth) => install(asking, auth)}
              />
            </section>
          ) : null}
          <SearchField
            value={query}
            onChange={(v) => {
              setQuery(v);
              setPage(0);
            }}
            label={t('com_tools_search')}
            testId="tool-picker-search"
          />
          {shown.items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground" data-testid="tool-picker-empty">
              {tools.length === 0 ? t('com_tools_none_available') : t('com_tools_none')}
            </p>
          ) : (
            <ul className={cn('grid gap-3', COLUMNS[toolColumns(width)])} data-testid="tool-picker-list">
              {shown.items.map((tool) => {
                const added = selected.has(tool.pluginKey);
                const keys = keyStatus(tool);
                return (
                  <li
                    key={tool.pluginKey}
                    className="flex min-w-0 flex-col gap-2 rounded-xl border border-border p-3"
                    data-testid={`tool-card-${tool.pluginKey}`}
                  >
                    <div className="flex min-w-0 items-center gap-2">
                      {tool.icon ? (
                        <img src={tool.icon} alt="" className="size-8 shrink-0 rounded-lg object-cover" />
                      ) : (
                        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted">
                          <Wrench className="size-4" aria-hidden />
                        </span>
                      )}
                      <span className="min-w-0 truncate text-sm font-medium" title={tool.name}>
                        {tool.name}
                      </span>
                    </div>
                    <p className="line-clamp-3 text-xs text-muted-foreground">{tool.description}</p>
                    {keys ? (
                      <p
                        className="flex items-center gap-1 text-xs text-muted-foreground"
                        data-testid={`tool-auth-status-${tool.pluginKey}`}
                      >
                        <KeyRound className="size-3.5" aria-hidden />
                        {keys}
                      </p>
                    ) : null}
                    <div className="mt-auto flex flex-wrap items-center gap-2">
                      {added ? (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={t('com_tools_uninstall_named', { name: tool.name })}
                          onClick={() => onRemove(tool.pluginKey)}
                          data-testid={`tool-uninstall-${tool.pluginKey}`}
                        >
                          {t('com_tools_uninstall')}
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="primary"
                          aria-label={t('com_tools_install_named', { name: tool.name })}
                          disabled={checking?.pluginKey === tool.pluginKey}
                          onClick={() => add(tool)}
                          data-testid={`tool-install-${tool.pluginKey}`}
                        >
                          {t('com_tools_install')}
                        </Button>
                      )}
                      {tool.authConfig?.length && tool.authenticated ? (
                        <Button
                          size="sm"
                          variant="subtle-danger"
                          aria-label={t('com_tools_revoke_named', { name: tool.name })}
                          onClick={() => revoke(tool)}
                          data-testid={`tool-revoke-${tool.pluginKey}`}
                        >
                          {t('com_tools_revoke')}
                        </Button>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {shown.pages > 1 ? (
            <nav className="flex items-center justify-center gap-2" aria-label={t('com_tools_picker_title')}>
              <Button
                size="icon-sm"
                variant="subtle"
                aria-label={t('com_tools_prev')}
                disabled={shown.page === 0}
                onClick={() => setPage(shown.page - 1)}
                data-testid="tool-picker-prev"
              >
                <ChevronLeft className="size-4" />
              </Button>
              <span className="text-sm tabular-nums" data-testid="tool-picker-page">
                {t('com_tools_page', { page: shown.page + 1, pages: shown.pages })}
              </span>
              <Button
                size="icon-sm"
                variant="subtle"
                aria-label={t('com_tools_next')}
                disabled={shown.page >= shown.pages - 1}
                onClick={() => setPage(shown.page + 1)}
                data-testid="tool-picker-next"
              >
                <ChevronRight className="size-4" />
              </Button>
            </nav>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
