import { ArrowLeft, FileText, Settings2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useMatch } from 'react-router';
import { IconButton } from '../../components/ui/icon-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-prompts.ts';
import { cn } from '../../lib/cn.ts';
import { lazyOnOpen } from '../../lib/lazy-on-open.tsx';
import { lastChatPath } from '../../store/last-chat.ts';
import { usePromptAccess, useRedirectWhenDenied } from './access.ts';
import { CreatePromptForm } from './create-prompt.tsx';
import { useEditorMode } from './editor-mode.ts';
import { GroupDetail } from './group-detail.tsx';
import { GroupList, type ListFilters } from './group-list.tsx';

const PermissionsDialog = lazyOnOpen(() =>
  import('../../components/permissions-dialog.tsx').then((m) => ({ default: m.PermissionsDialog })),
);

/**
 * The prompt library (doc 2 §2.5): /d/prompts (the list, and 'Select or Create a Prompt'),
 * /d/prompts/new (the create form) and /d/prompts/:groupId (a group's detail and editor). Outside the
 * chat shell, with a back-to-chat link. Below 1024 px the list is hidden on the form and detail
 * routes. Users without PROMPTS USE go to /chat/new after 1 s.
 */
export default function PromptsPage() {
  const access = usePromptAccess();
  const location = useLocation();
  const onList = useMatch('/d/prompts') !== null;
  const onNew = useMatch('/d/prompts/new') !== null;
  const detail = useMatch('/d/prompts/:groupId');
  const groupId = !onNew ? (detail?.params.groupId ?? null) : null;
  // The filters live as long as the library is open: leaving for the chat (or the side panel's
  // Manage) starts again with none.
  const [filters, setFilters] = useState<ListFilters>({ name: '', category: '' });
  const [adminOpen, setAdminOpen] = useState(false);
  const denied = access.loaded && !access.use;
  useRedirectWhenDenied(denied);

  useEffect(() => {
    document.title = t('com_prompts_title');
  }, []);

  let body: ReactNode;
  if (!access.loaded) body = <Spinner className="m-auto" label={t('com_prompts_loading')} />;
  else if (denied)
    body = (
      <p className="m-auto px-6 text-center text-sm text-muted-foreground" data-testid="prompts-no-access">
        {t('com_prompts_no_use')}
      </p>
    );
  else
    body = (
      <>
        <aside
          aria-label={t('com_prompts_list')}
          className={cn(
            'min-h-0 w-full flex-col border-border lg:flex lg:w-96 lg:shrink-0 lg:border-r',
            onList ? 'flex' : 'hidden',
          )}
        >
          <GroupList
            filters={filters}
            onFiltersChange={setFilters}
            selectedId={groupId}
            canCreate={access.create}
          />
        </aside>
        <main className={cn('min-h-0 min-w-0 flex-1 flex-col', onList ? 'hidden lg:flex' : 'flex')}>
          <Routes>
            <Route index element={<SelectOrCreate />} />
            <Route path="new" element={<CreatePromptForm canCreate={access.create} />} />
            <Route path=":groupId" element={<GroupDetail key={location.pathname} access={access} />} />
            <Route path="*" element={<Navigate to="/d/prompts" replace />} />
          </Routes>
        </main>
      </>
    );

  return (
    <div className="flex h-dvh flex-col bg-background" data-testid="prompts-page">
      <header className="flex items-center gap-2 border-b border-border px-3 py-2 sm:px-4">
        <Link
          to={lastChatPath()}
          aria-label={t('com_prompts_back_to_chat')}
          data-testid="prompts-back-to-chat"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-5" />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">{t('com_prompts_title')}</h1>
        {groupId && access.use ? <ModeSwitch /> : null}
        {access.isAdmin ? (
          <IconButton
            label={t('com_prompts_admin_settings')}
            onClick={() => setAdminOpen(true)}
            data-testid="prompts-admin-settings"
          >
            <Settings2 className="size-5" />
          </IconButton>
        ) : null}
      </header>
      <div className="flex min-h-0 flex-1">{body}</div>
      {access.isAdmin ? (
        <PermissionsDialog type="PROMPTS" open={adminOpen} onOpenChange={setAdminOpen} />
      ) : null}
    </div>
  );
}

/** The right pane with nothing chosen (doc 2 §2.5). */
function SelectOrCreate() {
  return (
    <div
      className="m-auto flex max-w-sm flex-col items-center gap-2 px-6 text-center"
      data-testid="prompts-select-or-create"
    >
      <FileText className="size-10 text-muted-foreground" strokeWidth={1.5} />
      <h2 className="text-lg font-semibold">{t('com_prompts_select_or_create')}</h2>
      <p className="text-sm text-muted-foreground">{t('com_prompts_select_hint')}</p>
    </div>
  );
}

/** Simple / advanced editor mode (doc 2 §4.7), on detail routes only. */
function ModeSwitch() {
  const mode = useEditorMode((s) => s.mode);
  const setMode = useEditorMode((s) => s.setMode);
  return (
    <div
      role="radiogroup"
      aria-label={t('com_prompts_mode')}
      className="flex shrink-0 rounded-lg border border-border p-0.5 text-sm"
      data-testid="prompts-mode"
    >
      {(['simple', 'advanced'] as const).map((m) => (
        // biome-ignore lint/a11y/useSemanticElements: a two-choice segmented switch
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          onClick={() => setMode(m)}
          data-testid={`prompts-mode-${m}`}
          className={cn(
            'h-8 rounded-md px-2 text-[13px] transition-colors sm:px-2.5 sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            mode === m
              ? 'bg-accent font-medium text-foreground'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(m === 'simple' ? 'com_prompts_mode_simple' : 'com_prompts_mode_advanced')}
        </button>
      ))}
    </div>
  );
}
