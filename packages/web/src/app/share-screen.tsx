import type { StartupConfig } from '@parley/schema';
import { useQuery } from '@tanstack/react-query';
import { Link2Off } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useStartupConfig } from '../api/config.ts';
import { sharedConversationQuery } from '../api/share.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import MessageList from '../features/chat/components/message-list.tsx';
import { createTreeStore, loadMessages } from '../features/chat/store/message-tree.ts';
import { formatShareDate, shareDocumentTitle } from '../features/share/share-links.ts';
import { t } from '../i18n/t.ts';

function ExternalLink({ href, newTab, children }: { href: string; newTab?: boolean; children: string }) {
  return (
    <a
      href={href}
      className="underline-offset-4 hover:text-foreground hover:underline"
      {...(newTab === false ? {} : { target: '_blank', rel: 'noreferrer noopener' })}
    >
      {children}
    </a>
  );
}

/** Privacy policy and terms links, and the operator's customFooter (doc 2 §2.6). */
function ShareFooter({ config }: { config: StartupConfig | undefined }) {
  const privacy = config?.interface.privacyPolicy;
  const terms = config?.interface.termsOfService;
  const parts: { key: string; node: ReactNode }[] = [];
  if (config?.customFooter)
    parts.push({
      key: 'custom',
      node: <span data-testid="share-custom-footer">{config.customFooter}</span>,
    });
  if (privacy?.externalUrl)
    parts.push({
      key: 'privacy',
      node: (
        <ExternalLink href={privacy.externalUrl} newTab={privacy.openNewTab}>
          {t('com_ui_privacy_policy')}
        </ExternalLink>
      ),
    });
  if (terms?.externalUrl)
    parts.push({
      key: 'terms',
      node: (
        <ExternalLink href={terms.externalUrl} newTab={terms.openNewTab}>
          {t('com_ui_terms_of_service')}
        </ExternalLink>
      ),
    });
  if (parts.length === 0) return null;
  return (
    <footer
      className="flex shrink-0 flex-wrap items-center justify-center gap-x-3 gap-y-1 border-t border-border/70 px-4 py-2.5 text-center text-xs text-muted-foreground"
      data-testid="share-footer"
    >
      {parts.map((part, i) => (
        <Fragment key={part.key}>
          {i > 0 ? <span aria-hidden="true">|</span> : null}
          {part.node}
        </Fragment>
      ))}
    </footer>
  );
}

function NotFound() {
  return (
    <div
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-6 text-center"
      data-testid="share-not-found"
    >
      <Link2Off className="size-10 text-muted-foreground" strokeWidth={1.5} />
      <h1 className="text-lg font-semibold">{t('com_ui_shared_link_not_found')}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">{t('com_ui_shared_link_not_found_hint')}</p>
    </div>
  );
}

/**
 * The public shared conversation page (doc 2 §2.6): outside the signed-in shell, read-only —
 * copy and sibling navigation only, no composer or regenerate.
 */
export default function ShareScreen() {
  const { shareId = '' } = useParams();
  const shared = useQuery(sharedConversationQuery(shareId));
  const config = useStartupConfig();
  const scrollRef = useRef<HTMLElement>(null);
  const data = shared.data;
  const store = useMemo(() => {
    const s = createTreeStore();
    if (data) loadMessages(s, data.messages);
    return s;
  }, [data]);

  const appTitle = config.data?.appTitle || t('com_app_name');
  useEffect(() => {
    document.title = shareDocumentTitle(data?.title, appTitle);
  }, [data?.title, appTitle]);

  let body: ReactNode;
  if (shared.isPending) {
    body = (
      <div className="flex min-h-[60vh] items-center justify-center" data-testid="share-loading">
        <Spinner label={t('com_ui_loading')} />
      </div>
    );
  } else if (!data || data.messages.length === 0) {
    body = <NotFound />;
  } else {
    body = (
      <>
        <div className="mx-auto w-full max-w-3xl px-4 pt-8 pb-4 sm:px-6 sm:pt-12">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl" data-testid="share-title">
            {data.title}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground" data-testid="share-date">
            {formatShareDate(data.createdAt)}
          </p>
          <div className="mt-6 border-b border-border" />
        </div>
        <MessageList store={store} scrollRef={scrollRef} streamingId={null} busy={false} />
      </>
    );
  }

  return (
    <div className="flex h-dvh flex-col bg-background text-foreground">
      <header className="flex h-12 shrink-0 items-center px-4 sm:px-6">
        <Link to="/" className="text-sm font-semibold tracking-tight hover:opacity-80">
          {appTitle}
        </Link>
        <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
          {t('com_ui_shared_conversation')}
        </span>
      </header>
      <main
        ref={scrollRef}
        className="relative min-h-0 flex-1 overflow-y-auto bg-background"
        data-testid="share-scroll"
      >
        {body}
      </main>
      <ShareFooter config={config.data} />
    </div>
  );
}
