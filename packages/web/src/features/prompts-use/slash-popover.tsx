import type { PromptGroup } from '@parley/schema';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useUsablePromptGroups } from '../../api/prompts.ts';
import { t } from '../../i18n/t.ts';
import { cn } from '../../lib/cn.ts';
import {
  COMMAND_POPOVER_MAX_PX,
  COMMAND_POPOVER_ROW_PX,
  type ComposerPopoverProps,
} from '../../lib/composer-commands.ts';
import { usePreferences } from '../../store/preferences.ts';
import '../../i18n/en-prompt-use.ts';
import { filterPrompts, moveActive, type SearchEntry, slashQuery, toSearchEntries } from './filter.ts';
import { toUsablePrompt } from './to-usable.ts';
import { applyPrompt, composerDeliver } from './use-prompt.ts';

/** Rows drawn beyond the visible ones, so a fast scroll shows no gap. */
const OVERSCAN = 3;

/** The search entries of a fetched list, made once per list (the popover remounts on every `/`). */
const entriesOf = new WeakMap<PromptGroup[], SearchEntry[]>();
function searchEntries(groups: PromptGroup[]): SearchEntry[] {
  let entries = entriesOf.get(groups);
  if (!entries) {
    entries = toSearchEntries(groups.map(toUsablePrompt));
    entriesOf.set(groups, entries);
  }
  return entries;
}

const EMPTY: PromptGroup[] = [];

/**
 * The composer's `/` popover (doc 3 §2 Composer; issue 18 point 3): the usable prompts filtered by
 * command or name as the user types, 40 px rows in a list at most 160 px high, drawn as a window
 * over the list so a thousand prompts cost no more than a few. Up/down move, Enter or Tab use the
 * highlighted prompt, Escape closes; a click uses one.
 */
export default function SlashPopover({
  text,
  keyHandler,
  dismiss,
  insert,
  send,
  setActiveId,
  listId,
}: ComposerPopoverProps) {
  const prompts = useUsablePromptGroups();
  const autoSend = usePreferences((s) => s.autoSendPrompts);
  const entries = searchEntries(prompts.data ?? EMPTY);
  const query = slashQuery(text);
  const matches = useMemo(() => filterPrompts(entries, query), [entries, query]);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const list = useRef<HTMLDivElement>(null);

  // A new filter highlights its best match and shows the top of the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the filter changes
  useEffect(() => {
    setActive(0);
    setScrollTop(0);
    if (list.current) list.current.scrollTop = 0;
  }, [query]);

  const current = matches.length === 0 ? -1 : Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    setActiveId(current >= 0 ? optionId(current) : undefined);
    return () => setActiveId(undefined);
  });

  const choose = (index: number) => {
    const prompt = matches[index];
    // A blank prompt does nothing (doc 2 §2.5).
    if (!prompt?.text.trim()) return;
    insert('');
    applyPrompt(prompt, composerDeliver(autoSend, { send, insert }));
  };

  const reveal = (index: number) => {
    const el = list.current;
    if (!el || index < 0) return;
    const top = index * COMMAND_POPOVER_ROW_PX;
    const height = el.clientHeight || COMMAND_POPOVER_MAX_PX;
    let next = el.scrollTop;
    if (top < next) next = top;
    else if (top + COMMAND_POPOVER_ROW_PX > next + height) next = top + COMMAND_POPOVER_ROW_PX - height;
    if (next === el.scrollTop) return;
    el.scrollTop = next;
    // Draw the rows there now, not after the scroll event.
    setScrollTop(next);
  };

  keyHandler.current = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (matches.length === 0) return false;
        const next = moveActive(current, matches.length, event.key === 'ArrowDown' ? 1 : -1);
        setActive(next);
        reveal(next);
        return true;
      }
      case 'Enter':
      case 'Tab':
        if (event.shiftKey || current < 0) return false;
        choose(current);
        return true;
      case 'Escape':
        dismiss();
        return true;
      default:
        return false;
    }
  };
  useEffect(
    () => () => {
      keyHandler.current = null;
    },
    [keyHandler],
  );

  const rowCount = matches.length;
  const first = Math.max(0, Math.floor(scrollTop / COMMAND_POPOVER_ROW_PX) - OVERSCAN);
  const visible = Math.ceil(COMMAND_POPOVER_MAX_PX / COMMAND_POPOVER_ROW_PX) + 2 * OVERSCAN;
  const last = Math.min(rowCount, first + visible);

  let status: string | null = null;
  if (prompts.isPending) status = t('com_prompt_use_loading');
  else if (prompts.isError) status = t('com_prompt_use_load_error');
  else if (entries.length === 0) status = t('com_prompt_use_empty');
  else if (rowCount === 0) status = t('com_prompt_use_no_match');

  return (
    <div
      className="absolute inset-x-0 bottom-full z-30 mb-2 overflow-hidden rounded-2xl border border-border bg-popover text-popover-foreground shadow-lg animate-in-fade"
      data-testid="prompt-popover"
    >
      {status ? (
        <p
          className="flex items-center px-4 text-sm text-muted-foreground"
          style={{ height: COMMAND_POPOVER_ROW_PX }}
          role="status"
        >
          {status}
        </p>
      ) : null}
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={t('com_prompt_use_list')}
        tabIndex={-1}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        // Keep the focus in the text area: a click on a row must not blur it.
        onMouseDown={(e) => e.preventDefault()}
        className={cn('overflow-y-auto overscroll-contain py-0', rowCount === 0 && 'hidden')}
        style={{ maxHeight: COMMAND_POPOVER_MAX_PX }}
      >
        <div className="relative" style={{ height: rowCount * COMMAND_POPOVER_ROW_PX }}>
          {matches.slice(first, last).map((prompt, i) => {
            const index = first + i;
            const selected = index === current;
            return (
              <div
                key={prompt.groupId}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                tabIndex={-1}
                data-testid="prompt-option"
                onClick={() => choose(index)}
                onPointerMove={() => {
                  if (!selected) setActive(index);
                }}
                className={cn(
                  'absolute inset-x-0 flex cursor-pointer items-center gap-3 px-4 text-sm',
                  selected ? 'bg-accent text-accent-foreground' : 'text-foreground',
                )}
                style={{ top: index * COMMAND_POPOVER_ROW_PX, height: COMMAND_POPOVER_ROW_PX }}
              >
                <span className="flex min-w-0 flex-1 items-baseline gap-2">
                  <span className="shrink-0 truncate font-medium max-w-[60%]">{prompt.name}</span>
                  {prompt.oneliner ? (
                    <span className="min-w-0 truncate text-xs text-muted-foreground">{prompt.oneliner}</span>
                  ) : null}
                </span>
                {prompt.command ? (
                  <span className="max-w-[40%] shrink-0 truncate font-mono text-xs text-muted-foreground">
                    /{prompt.command}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
