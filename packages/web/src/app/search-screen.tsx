import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useStartupConfig } from '../api/config.ts';
import { SearchResults } from '../features/search/search-results.tsx';
import { t } from '../i18n/t.ts';
import { ChatHeader } from './chat-header.tsx';
import { useShellActions } from './shell-actions.ts';

/** /search?q=… (doc 3 §2 "Search screen"): the shell's header over the results; no composer. */
export function SearchScreen() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const { newChat } = useShellActions();
  const config = useStartupConfig();
  const appTitle = config.data?.appTitle || t('com_app_name');

  useEffect(() => {
    document.title = `${t('com_ui_search_results')} | ${appTitle}`;
  }, [appTitle]);

  return (
    <div className="flex h-full min-h-0 min-w-0 flex-1 flex-col" data-testid="search-screen">
      <ChatHeader title={t('com_ui_search_results')} picker={null} onNewChat={newChat} />
      <SearchResults key={query} query={query} />
    </div>
  );
}
