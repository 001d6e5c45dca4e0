import { TITLE_MAX } from '@parley/schema';
import { Archive, Check, Copy, Ellipsis, Pencil, Share2, Trash2, X } from 'lucide-react';
import { type MouseEvent, memo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';

/** What a row can ask the list to do; the list keeps these stable so rows stay memoized. */
export type ConvoRowActions = {
  rename: (id: string, previous: string, input: string) => void;
  duplicate: (id: string) => void;
  archive: (id: string) => void;
  requestDelete: (id: string, title: string) => void;
  /** Opens the share dialog; absent when shared links are disabled. */
  share?: (id: string) => void;
};

const rowButton =
  'inline-flex size-6 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-sidebar-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * One conversation row (doc 3 §4 "Conversation list rows"): normal, renaming (inline input) or
 * menu open. The … button shows on hover or focus (always on touch screens, on the current row
 * and while its menu is open); right-click opens the same menu.
 */
export const ConvoRow = memo(function ConvoRow({
  id,
  title,
  current,
  height,
  small,
  actions,
  onNavigate,
}: {
  id: string;
  title: string;
  current: boolean;
  height: number;
  /** Small screens: no double-click rename (doc 3 §4). */
  small: boolean;
  actions: ConvoRowActions;
  onNavigate?: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const startRenameRef = useRef(false);

  const onContextMenu = (e: MouseEvent) => {
    if (renaming) return;
    e.preventDefault();
    setMenuOpen(true);
  };

  return (
    <div
      className="group/row relative"
      style={{ height }}
      onContextMenu={onContextMenu}
      data-testid="convo-row-item"
      data-convo-id={id}
    >
      {renaming ? (
        <RenameInput
          title={title}
          onDone={(input) => {
            setRenaming(false);
            if (input !== null) actions.rename(id, title, input);
          }}
        />
      ) : (
        <Link
          to={`/chat/${encodeURIComponent(id)}`}
          onClick={(e) => {
            // Ctrl/Cmd click opens a new tab: this tab's navigation (overlay) stays as it is.
            if (!(e.ctrlKey || e.metaKey)) onNavigate?.();
          }}
          onDoubleClick={
            small
              ? undefined
              : (e) => {
                  e.preventDefault();
                  setRenaming(true);
                }
          }
          data-testid="convo-row"
          data-convo-id={id}
          aria-current={current ? 'page' : undefined}
          title={title}
          style={{ height }}
          className={cn(
            'flex items-center rounded-lg pl-2.5 pr-9 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
            current
              ? 'bg-sidebar-accent font-medium text-foreground'
              : 'text-foreground/85 hover:bg-sidebar-accent/70',
            menuOpen && !current && 'bg-sidebar-accent/70',
          )}
        >
          <span className="truncate">{title}</span>
        </Link>
      )}
      {renaming ? null : (
        <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen} modal={false}>
          <DropdownMenuTrigger asChild>
            <button
              type="button"
              aria-label={t('com_ui_more_options')}
              data-testid="convo-menu-button"
              className={cn(
                rowButton,
                'absolute right-1.5 top-1/2 -translate-y-1/2',
                current || menuOpen
                  ? 'opacity-100'
                  : 'opacity-0 focus-visible:opacity-100 group-hover/row:opacity-100 group-focus-within/row:opacity-100 [@media(hover:none)]:opacity-100',
              )}
            >
              <Ellipsis className="size-4" />
            </button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="start"
            side="bottom"
            className="min-w-[10rem]"
            data-testid="convo-menu"
            onCloseAutoFocus={(e) => {
              // Renaming focuses the input: do not hand focus back to the … button.
              if (startRenameRef.current) {
                e.preventDefault();
                startRenameRef.current = false;
              }
            }}
          >
            <DropdownMenuItem
              data-testid="convo-rename"
              onSelect={() => {
                startRenameRef.current = true;
                setRenaming(true);
              }}
            >
              <Pencil />
              {t('com_ui_rename')}
            </DropdownMenuItem>
            <DropdownMenuItem data-testid="convo-duplicate" onSelect={() => actions.duplicate(id)}>
              <Copy />
              {t('com_ui_duplicate')}
            </DropdownMenuItem>
            {actions.share ? (
              <DropdownMenuItem
                data-testid="convo-share"
                // After the menu closes, so the dialog keeps focus.
                onSelect={() => setTimeout(() => actions.share?.(id), 0)}
              >
                <Share2 />
                {t('com_ui_share')}
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem data-testid="convo-archive" onSelect={() => actions.archive(id)}>
              <Archive />
              {t('com_ui_archive')}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              data-testid="convo-delete"
              className="text-destructive data-[highlighted]:bg-destructive/10"
              onSelect={() => actions.requestDelete(id, title)}
            >
              <Trash2 />
              {t('com_ui_delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </div>
  );
});

/** The inline rename field: Enter, blur or ✓ commit; Escape or ✕ cancel (null). */
function RenameInput({ title, onDone }: { title: string; onDone: (input: string | null) => void }) {
  const [value, setValue] = useState(title);
  const done = useRef(false);
  const finish = (input: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(input);
  };
  // Buttons act on click; pressing them must not blur (commit) the input first.
  const keepFocus = (e: MouseEvent) => e.preventDefault();
  return (
    <div className="flex h-full items-center gap-1 rounded-lg bg-sidebar-accent px-1.5">
      <input
        value={value}
        maxLength={TITLE_MAX}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(value);
          } else if (e.key === 'Escape') {
            // Only the rename is cancelled, not the sidebar overlay.
            e.preventDefault();
            e.stopPropagation();
            finish(null);
          }
        }}
        onBlur={() => finish(value)}
        ref={(el) => {
          if (el && !done.current && document.activeElement !== el) {
            el.focus();
            el.select();
          }
        }}
        aria-label={t('com_ui_rename_conversation')}
        data-testid="convo-rename-input"
        className="h-7 min-w-0 flex-1 rounded-md border border-border bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <button
        type="button"
        className={rowButton}
        aria-label={t('com_ui_save')}
        onMouseDown={keepFocus}
        onClick={() => finish(value)}
        data-testid="convo-rename-save"
      >
        <Check className="size-4" />
      </button>
      <button
        type="button"
        className={rowButton}
        aria-label={t('com_ui_cancel')}
        onMouseDown={keepFocus}
        onClick={() => finish(null)}
        data-testid="convo-rename-cancel"
      >
        <X className="size-4" />
      </button>
    </div>
  );
}
