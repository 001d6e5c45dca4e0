import { AlertTriangle, Check, Copy, Download, RefreshCw } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { t } from '../i18n/t.ts';
import { downloadBlob } from '../lib/download-blob.ts';
import { useCopy } from '../lib/use-copy.ts';
import { browserInfo, type ErrorDetails, errorLogFileName, errorLogText } from './error-log.ts';

/**
 * The generic error page (doc 2 §2.4): message, status, copyable stack trace and extra details,
 * a refresh button and a downloadable log with the browser's details.
 */
export function ErrorPage({ details }: { details: ErrorDetails }) {
  const { copied, copy } = useCopy();
  const download = () => {
    const now = new Date();
    const text = errorLogText(details, browserInfo(), now);
    downloadBlob(new Blob([text], { type: 'application/json' }), errorLogFileName(now));
  };
  const extras = Object.entries(details.extra);
  return (
    <div className="flex min-h-dvh items-start justify-center bg-background p-4 sm:items-center" role="alert">
      <div
        className="w-full max-w-2xl rounded-2xl border border-border bg-popover p-6 shadow-lg"
        data-testid="error-page"
      >
        <div className="flex items-start gap-3">
          <AlertTriangle className="mt-0.5 size-6 shrink-0 text-destructive" />
          <div className="min-w-0">
            <h1 className="text-lg font-semibold">{t('com_ui_error_page_title')}</h1>
            <p className="mt-1 break-words text-sm" data-testid="error-message">
              {details.message}
            </p>
            {details.status !== undefined ? (
              <p className="mt-1 text-sm text-muted-foreground" data-testid="error-status">
                {t('com_ui_error_status', { status: details.status })}
              </p>
            ) : null}
          </div>
        </div>
        {details.stack ? (
          <section className="mt-5">
            <div className="mb-1.5 flex items-center justify-between">
              <h2 className="text-sm font-medium">{t('com_ui_error_stack')}</h2>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => copy(details.stack ?? '')}
                data-testid="error-copy-stack"
              >
                {copied ? <Check className="size-4" /> : <Copy className="size-4" />}
                {copied ? t('com_ui_copied') : t('com_ui_copy_stack')}
              </Button>
            </div>
            <pre
              className="max-h-60 overflow-auto rounded-xl bg-muted p-3 text-xs leading-relaxed"
              data-testid="error-stack"
            >
              {details.stack}
            </pre>
          </section>
        ) : null}
        {extras.length ? (
          <details className="mt-4 text-sm" data-testid="error-extra">
            <summary className="cursor-pointer font-medium">{t('com_ui_error_details')}</summary>
            <dl className="mt-2 space-y-2">
              {extras.map(([key, value]) => (
                <div key={key}>
                  <dt className="text-xs text-muted-foreground">{key}</dt>
                  <dd className="whitespace-pre-wrap break-words font-mono text-xs">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" size="sm" onClick={download} data-testid="error-download-log">
            <Download className="size-4" />
            {t('com_ui_download_error_log')}
          </Button>
          <Button
            variant="primary"
            size="sm"
            onClick={() => window.location.reload()}
            data-testid="error-refresh"
          >
            <RefreshCw className="size-4" />
            {t('com_ui_refresh_page')}
          </Button>
        </div>
      </div>
    </div>
  );
}
