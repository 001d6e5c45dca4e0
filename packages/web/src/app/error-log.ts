/** What the generic error page shows and writes to its log file (doc 2 §2.4). */
export type ErrorDetails = {
  message: string;
  status?: number;
  stack?: string;
  /** Anything else known: the error's name and code, where in the tree it happened, the page. */
  extra: Record<string, string>;
};

export type BrowserInfo = {
  userAgent: string;
  platform: string;
  language: string;
  windowSize: string;
};

/** Read what we can from any thrown value (errors, API errors with a status, strings, objects). */
export function describeError(error: unknown, componentStack?: string | null): ErrorDetails {
  const e = (error ?? {}) as {
    message?: unknown;
    stack?: unknown;
    status?: unknown;
    name?: unknown;
    code?: unknown;
  };
  const message =
    error instanceof Error || typeof e.message === 'string'
      ? String(e.message)
      : String(error ?? 'Unknown error');
  const extra: Record<string, string> = {};
  if (typeof e.name === 'string') extra.name = e.name;
  if (typeof e.code === 'string') extra.code = e.code;
  if (componentStack) extra.componentStack = componentStack.trim();
  if (typeof window !== 'undefined') extra.url = window.location.href;
  return {
    message: message || 'Unknown error',
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
    extra,
  };
}

export function browserInfo(): BrowserInfo {
  return {
    userAgent: navigator.userAgent,
    platform:
      (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
      navigator.platform ||
      'unknown',
    language: navigator.language,
    windowSize: `${window.innerWidth}x${window.innerHeight}`,
  };
}

/** The downloadable log: a timestamp, the browser, then the error. */
export function errorLogText(details: ErrorDetails, browser: BrowserInfo, now = new Date()): string {
  return `${JSON.stringify(
    {
      timestamp: now.toISOString(),
      browser,
      error: {
        message: details.message,
        ...(details.status !== undefined ? { status: details.status } : {}),
        ...(details.stack ? { stack: details.stack } : {}),
        ...details.extra,
      },
    },
    null,
    2,
  )}\n`;
}

export function errorLogFileName(now = new Date()): string {
  return `error-log-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}
