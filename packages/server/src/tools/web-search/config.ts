import type { WebSearchYaml } from '../../config/yaml.ts';

/**
 * librechat.yaml `webSearch` resolved against the environment (issue 15). Each key is read from the
 * yaml (already `${ENV}`-interpolated, so an unset variable arrives as '') or else from LibreChat's
 * default variable; a required key with no value on the server is one the user provides
 * (`POST /api/user/plugins`, stored as tool auth under these same field names).
 */

export const AUTH_FIELDS = {
  SERPER_API_KEY: { label: 'Serper API Key', description: 'Your Serper API key (serper.dev).' },
  SEARXNG_INSTANCE_URL: { label: 'SearXNG Instance URL', description: 'The URL of your SearXNG instance.' },
  SEARXNG_API_KEY: {
    label: 'SearXNG API Key',
    description: 'The API key of your SearXNG instance, if it needs one.',
  },
  FIRECRAWL_API_KEY: { label: 'Firecrawl API Key', description: 'Your Firecrawl API key (firecrawl.dev).' },
  FIRECRAWL_API_URL: { label: 'Firecrawl API URL', description: 'The URL of your Firecrawl API.' },
  JINA_API_KEY: { label: 'Jina API Key', description: 'Your Jina API key (jina.ai), for reranking.' },
  JINA_API_URL: { label: 'Jina API URL', description: 'The URL of the Jina rerank API.' },
  COHERE_API_KEY: {
    label: 'Cohere API Key',
    description: 'Your Cohere API key (cohere.com), for reranking.',
  },
} as const;
export type AuthField = keyof typeof AUTH_FIELDS;

/** Fields that are URLs: a user-provided one is checked against the SSRF guard before each call. */
export const URL_FIELDS: ReadonlySet<AuthField> = new Set([
  'SEARXNG_INSTANCE_URL',
  'FIRECRAWL_API_URL',
  'JINA_API_URL',
]);

export type SearchProvider = 'serper' | 'searxng';
/** `builtin`: fetch + readability + turndown on this server, through the SSRF guard. */
export type ScraperProvider = 'firecrawl' | 'serper' | 'builtin';
/** `local`: BM25 over the scraped passages fused with the search rank (no service). */
export type RerankerType = 'jina' | 'cohere' | 'local';

export const DEFAULT_SCRAPER_TIMEOUT_MS = 7_500;
export const DEFAULT_SERPER_URL = 'https://google.serper.dev';
export const DEFAULT_SERPER_SCRAPE_URL = 'https://scrape.serper.dev';
export const DEFAULT_FIRECRAWL_URL = 'https://api.firecrawl.dev';
export const DEFAULT_JINA_URL = 'https://api.jina.ai/v1/rerank';
export const DEFAULT_COHERE_URL = 'https://api.cohere.com';

export interface WebSearchConfig {
  searchProvider: SearchProvider;
  scraper: ScraperProvider;
  reranker: RerankerType;
  /** Values the server holds for each field ('' = none). */
  server: Record<AuthField, string>;
  /** Base URLs with no user-provided field (ours: Serper, Cohere). */
  serperApiUrl: string;
  serperScrapeUrl: string;
  cohereApiUrl: string;
  firecrawlVersion: 'v1' | 'v2';
  scraperTimeoutMs: number;
  /** 0 off, 1 moderate, 2 strict (LibreChat's scale). */
  safeSearch: 0 | 1 | 2;
  /** Required fields with no server value: the user provides them. */
  userFields: AuthField[];
}

const YAML_KEYS: Record<AuthField, keyof WebSearchYaml> = {
  SERPER_API_KEY: 'serperApiKey',
  SEARXNG_INSTANCE_URL: 'searxngInstanceUrl',
  SEARXNG_API_KEY: 'searxngApiKey',
  FIRECRAWL_API_KEY: 'firecrawlApiKey',
  FIRECRAWL_API_URL: 'firecrawlApiUrl',
  JINA_API_KEY: 'jinaApiKey',
  JINA_API_URL: 'jinaApiUrl',
  COHERE_API_KEY: 'cohereApiKey',
};

/** `user_provided` (the endpoints' spelling) means the same as no value here. */
const clean = (v: unknown): string => (typeof v === 'string' && v.trim() !== 'user_provided' ? v.trim() : '');

export function resolveWebSearchConfig(
  yaml: WebSearchYaml | undefined,
  env: Record<string, string | undefined>,
): WebSearchConfig {
  const y = yaml ?? {};
  const server = Object.fromEntries(
    (Object.keys(YAML_KEYS) as AuthField[]).map((f) => {
      const fromYaml = y[YAML_KEYS[f]];
      return [f, clean(fromYaml !== undefined ? fromYaml : env[f])];
    }),
  ) as Record<AuthField, string>;

  // Unset choices follow what the server has keys for, as LibreChat does; else Serper (user keys).
  const searchProvider: SearchProvider =
    y.searchProvider ?? (!server.SERPER_API_KEY && server.SEARXNG_INSTANCE_URL ? 'searxng' : 'serper');
  const scraper: ScraperProvider =
    y.scraperProvider === 'serper'
      ? 'serper'
      : y.scraperProvider === 'firecrawl' || (!y.scraperProvider && server.FIRECRAWL_API_KEY)
        ? 'firecrawl'
        : 'builtin';
  const reranker: RerankerType =
    y.rerankerType === 'jina' || y.rerankerType === 'cohere'
      ? y.rerankerType
      : y.rerankerType === 'none'
        ? 'local'
        : server.JINA_API_KEY
          ? 'jina'
          : server.COHERE_API_KEY
            ? 'cohere'
            : 'local';

  const required: AuthField[] = [
    searchProvider === 'serper' ? 'SERPER_API_KEY' : 'SEARXNG_INSTANCE_URL',
    ...(scraper === 'firecrawl' ? (['FIRECRAWL_API_KEY'] as const) : []),
    ...(scraper === 'serper' && searchProvider !== 'serper' ? (['SERPER_API_KEY'] as const) : []),
    ...(reranker === 'jina'
      ? (['JINA_API_KEY'] as const)
      : reranker === 'cohere'
        ? (['COHERE_API_KEY'] as const)
        : []),
  ];
  return {
    searchProvider,
    scraper,
    reranker,
    server,
    serperApiUrl: clean(y.serperApiUrl ?? env.SERPER_API_URL) || DEFAULT_SERPER_URL,
    serperScrapeUrl: clean(y.serperScrapeUrl ?? env.SERPER_SCRAPE_URL) || DEFAULT_SERPER_SCRAPE_URL,
    cohereApiUrl: clean(y.cohereApiUrl ?? env.COHERE_API_URL) || DEFAULT_COHERE_URL,
    firecrawlVersion: clean(y.firecrawlVersion ?? env.FIRECRAWL_VERSION) === 'v2' ? 'v2' : 'v1',
    scraperTimeoutMs: y.scraperTimeout ?? DEFAULT_SCRAPER_TIMEOUT_MS,
    safeSearch: y.safeSearch ?? 1,
    userFields: required.filter((f) => !server[f]),
  };
}

/** The keys and URLs one call uses: the server's, else the user's stored values. */
export interface ResolvedKeys {
  values: Record<AuthField, string>;
  /** Required fields neither side has. */
  missing: AuthField[];
  /** Fields whose value came from the user (their URLs go through the SSRF guard). */
  fromUser: Set<AuthField>;
}

export function resolveKeys(config: WebSearchConfig, user: Partial<Record<string, string>>): ResolvedKeys {
  const values = { ...config.server };
  const fromUser = new Set<AuthField>();
  // Only the fields the user is asked for: a user URL beside a server key would send that key to
  // the user's host.
  for (const f of config.userFields) {
    const mine = typeof user[f] === 'string' ? user[f].trim() : '';
    if (!values[f] && mine) {
      values[f] = mine;
      fromUser.add(f);
    }
  }
  return { values, missing: config.userFields.filter((f) => !values[f]), fromUser };
}
