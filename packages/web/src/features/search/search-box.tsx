import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { t } from '../../i18n/t.ts';
import { createSearchInput, searchPath } from './search-input.ts';
import { useSearchState } from './store.ts';

/**
 * Whether the address is the search screen. Read from the address itself, not from a render: the
 * router commits a navigation in a transition (later still while the results screen's code loads),
 * so a clear typed right after a search must not see the screen it is leaving as not yet entered.
 */
const onSearchScreen = () => window.location.pathname === '/search';

/** The sidebar search field (doc 3 §2): debounced into /search?q=…, cleared back to /chat/new. */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onSearch = pathname === '/search';
  const urlQuery = onSearch ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const setTyping = useSearchState((s) => s.setTyping);
  const area = useRef<HTMLInputElement>(null);
  const latest = useRef({ navigate });
  latest.current = { navigate };

  const [input] = useState(() =>
    createSearchInput({
      onTyping: setTyping,
      onSubmit: (q) => {
        // Typing on the search screen refines the query without stacking history entries.
        latest.current.navigate(searchPath(q), { replace: onSearchScreen() });
      },
      onClear: () => {
        setValue('');
        if (onSearchScreen()) latest.current.navigate('/chat/new');
      },
    }),
  );
  useEffect(() => () => input.cancel(), [input]);

  // The address wins when it changes from outside (a reload, back/forward).
  useEffect(() => {
    if (onSearch) setValue((v) => (v.trim() === urlQuery ? v : urlQuery));
  }, [urlQuery, onSearch]);

  return (
    <search className="relative block">
      <Search
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <input
        ref={area}
        type="text"
        value={value}
        data-testid="search-input"
        aria-label={t('com_ui_search_placeholder')}
        placeholder={t('com_ui_search_placeholder')}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => {
          setValue(e.target.value);
          input.change(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Backspace' && value === '') input.backspaceOnEmpty();
          if (e.key === 'Enter' && value.trim()) {
            // Enter searches at once (no need to wait for the debounce) and closes the overlay.
            input.cancel();
            setTyping(false);
            navigate(searchPath(value.trim()), { replace: onSearchScreen() });
            onNavigate?.();
          }
        }}
        className="h-9 w-full rounded-lg bg-sidebar-accent/70 pl-8 pr-8 text-sm outline-none transition-colors placeholder:text-muted-foreground hover:bg-sidebar-accent focus-visible:bg-background focus-visible:ring-2 focus-visible:ring-ring"
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            input.change('');
            area.current?.focus();
          }}
          aria-label={t('com_ui_search_clear')}
          data-testid="search-clear"
          className="absolute right-1.5 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-sidebar-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-3.5" />
        </button>
      ) : null}
    </search>
  );
}
