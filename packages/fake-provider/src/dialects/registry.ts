import type { Dialect } from '../dialect.ts';
import { anthropic } from './anthropic.ts';
import { azureChat, azureResponses } from './azure.ts';
import { bedrock } from './bedrock.ts';
import { compatible, deepseek, groq, mistral, ollama, openrouter } from './compatible.ts';
import { gemini } from './gemini.ts';
import { openaiChat } from './openai-chat.ts';
import { openaiResponses } from './openai-responses.ts';
import { vertex } from './vertex.ts';

export interface RouteMatch {
  dialect: Dialect;
  kind: 'generate' | 'models' | 'model' | 'embeddings';
  model?: string;
  stream?: boolean;
  /** Path parts the dialect needs (Azure deployment and URL form, Vertex project/location, …). */
  params?: Record<string, string>;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  match(m: RegExpExecArray): RouteMatch;
}

const generate = (dialect: Dialect, params?: Record<string, string>) => (): RouteMatch => ({
  dialect,
  kind: 'generate',
  ...(params ? { params } : {}),
});
const embeddings = (dialect: Dialect, params?: Record<string, string>) => (): RouteMatch => ({
  dialect,
  kind: 'embeddings',
  ...(params ? { params } : {}),
});
const models = (dialect: Dialect, params?: Record<string, string>) => (): RouteMatch => ({
  dialect,
  kind: 'models',
  ...(params ? { params } : {}),
});
const model =
  (dialect: Dialect, params?: Record<string, string>) =>
  (m: RegExpExecArray): RouteMatch => ({
    dialect,
    kind: 'model',
    model: decodeURIComponent(m[1]),
    ...(params ? { params } : {}),
  });

/** Chat-family servers mounted under their own prefix (providers.md §10.1): path pattern, dialect. */
const CHAT_FAMILY: [string, Dialect][] = [
  ['compatible(?:/v1)?', compatible],
  ['ollama(?:/v1)?', ollama],
  ['deepseek(?:/v1)?', deepseek],
  ['openrouter/api/v1', openrouter],
  ['groq/openai/v1', groq],
  ['mistral/v1', mistral],
];

const GENERATE_METHOD = '(streamGenerateContent|generateContent)';

/** Vertex generation: the model and method from the path, plus project/location or Express mode. */
const vertexGenerate =
  (express: boolean) =>
  (m: RegExpExecArray): RouteMatch => {
    const [version, project, location, model, method] = express
      ? [m[1], '', '', m[2], m[3]]
      : [m[1], m[2], m[3], m[4], m[5]];
    return {
      dialect: vertex,
      kind: 'generate',
      model: decodeURIComponent(model),
      stream: method === 'streamGenerateContent',
      params: express
        ? { version, express: 'true' }
        : { version, project: decodeURIComponent(project), location: decodeURIComponent(location) },
    };
  };

const bedrockGenerate =
  (stream: boolean) =>
  (m: RegExpExecArray): RouteMatch => ({
    dialect: bedrock,
    kind: 'generate',
    // The SDKs URL-encode the id (`:` and the `/` of ARNs); the normalized request gets it decoded.
    model: decodeURIComponent(m[1]),
    stream,
    params: { modelId: decodeURIComponent(m[1]) },
  });

/**
 * Routing by path prefix so dialects never collide (providers.md §10.1). A new API is one dialect
 * file plus its rows here; `POST /vertex/token` is served in server.ts (it is not a dialect).
 */
const ROUTES: Route[] = [
  { method: 'POST', pattern: /^\/openai\/v1\/chat\/completions$/, match: generate(openaiChat) },
  { method: 'POST', pattern: /^\/openai\/v1\/responses$/, match: generate(openaiResponses) },
  { method: 'POST', pattern: /^\/openai\/v1\/embeddings$/, match: embeddings(openaiChat) },
  { method: 'GET', pattern: /^\/openai\/v1\/models$/, match: models(openaiChat) },
  { method: 'GET', pattern: /^\/openai\/v1\/models\/(.+)$/, match: model(openaiChat) },
  { method: 'POST', pattern: /^\/anthropic\/v1\/messages$/, match: generate(anthropic) },
  { method: 'GET', pattern: /^\/anthropic\/v1\/models$/, match: models(anthropic) },
  { method: 'GET', pattern: /^\/anthropic\/v1\/models\/(.+)$/, match: model(anthropic) },
  {
    method: 'POST',
    pattern: /^\/gemini\/v1(?:beta|alpha)?\/models\/([^/:]+):(streamGenerateContent|generateContent)$/,
    match: (m) => ({
      dialect: gemini,
      kind: 'generate',
      model: decodeURIComponent(m[1]),
      stream: m[2] === 'streamGenerateContent',
    }),
  },
  { method: 'GET', pattern: /^\/gemini\/v1(?:beta|alpha)?\/models$/, match: models(gemini) },
  { method: 'GET', pattern: /^\/gemini\/v1(?:beta|alpha)?\/models\/([^/:]+)$/, match: model(gemini) },
  ...CHAT_FAMILY.flatMap(([prefix, dialect]): Route[] => [
    {
      method: 'POST',
      pattern: new RegExp(`^/${prefix}/chat/completions$`),
      match: generate(dialect),
    },
    { method: 'POST', pattern: new RegExp(`^/${prefix}/embeddings$`), match: embeddings(dialect) },
    { method: 'GET', pattern: new RegExp(`^/${prefix}/models$`), match: models(dialect) },
    { method: 'GET', pattern: new RegExp(`^/${prefix}/models/(.+)$`), match: model(dialect) },
  ]),
  // Azure OpenAI (§3): deployment-based URLs (api-version required), `/openai/responses`, and v1.
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/deployments\/([^/]+)\/chat\/completions$/,
    match: (m) => ({
      dialect: azureChat,
      kind: 'generate',
      params: { form: 'deployment', deployment: decodeURIComponent(m[1]) },
    }),
  },
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/deployments\/([^/]+)\/responses$/,
    match: (m) => ({
      dialect: azureResponses,
      kind: 'generate',
      params: { form: 'deployment', deployment: decodeURIComponent(m[1]) },
    }),
  },
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/deployments\/([^/]+)\/embeddings$/,
    match: (m) => ({
      dialect: azureChat,
      kind: 'embeddings',
      params: { form: 'deployment', deployment: decodeURIComponent(m[1]) },
    }),
  },
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/v1\/embeddings$/,
    match: embeddings(azureChat, { form: 'v1' }),
  },
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/responses$/,
    match: generate(azureResponses, { form: 'responses' }),
  },
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/v1\/chat\/completions$/,
    match: generate(azureChat, { form: 'v1' }),
  },
  {
    method: 'POST',
    pattern: /^\/azure\/openai\/v1\/responses$/,
    match: generate(azureResponses, { form: 'v1' }),
  },
  { method: 'GET', pattern: /^\/azure\/openai\/v1\/models$/, match: models(azureChat, { form: 'v1' }) },
  { method: 'GET', pattern: /^\/azure\/openai\/v1\/models\/(.+)$/, match: model(azureChat, { form: 'v1' }) },
  { method: 'GET', pattern: /^\/azure\/openai\/models$/, match: models(azureChat, { form: 'legacy' }) },
  { method: 'GET', pattern: /^\/azure\/openai\/models\/(.+)$/, match: model(azureChat, { form: 'legacy' }) },
  // Bedrock Runtime (§6): the model id is URL-encoded in the path; control plane models list.
  { method: 'POST', pattern: /^\/bedrock\/model\/([^/]+)\/converse-stream$/, match: bedrockGenerate(true) },
  { method: 'POST', pattern: /^\/bedrock\/model\/([^/]+)\/converse$/, match: bedrockGenerate(false) },
  { method: 'GET', pattern: /^\/bedrock\/foundation-models$/, match: models(bedrock) },
  { method: 'GET', pattern: /^\/bedrock\/foundation-models\/([^/]+)$/, match: model(bedrock) },
  // Vertex AI (§5): project-scoped (OAuth token) and Express mode (API key); `POST /vertex/token` is in server.ts.
  {
    method: 'POST',
    pattern: new RegExp(
      `^/vertex/(v1|v1beta1)/projects/([^/]+)/locations/([^/]+)/publishers/google/models/([^/:]+):${GENERATE_METHOD}$`,
    ),
    match: vertexGenerate(false),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/vertex/(v1|v1beta1)/publishers/google/models/([^/:]+):${GENERATE_METHOD}$`),
    match: vertexGenerate(true),
  },
  {
    method: 'GET',
    pattern: /^\/vertex\/(?:v1|v1beta1)\/publishers\/google\/models$/,
    match: models(vertex, { express: 'true' }),
  },
  {
    method: 'GET',
    pattern: /^\/vertex\/(?:v1|v1beta1)\/publishers\/google\/models\/([^/:]+)$/,
    match: model(vertex, { express: 'true' }),
  },
];

export function matchRoute(method: string, path: string): RouteMatch | undefined {
  for (const r of ROUTES) {
    if (r.method !== method) continue;
    const m = r.pattern.exec(path);
    if (m) return r.match(m);
  }
  return undefined;
}

/** Base URLs to hand each SDK, relative to the server's origin. */
export function baseUrls(origin: string) {
  return {
    /** `openai` SDK `baseURL`, `@ai-sdk/openai` `baseURL` (both include `/v1`). */
    openai: `${origin}/openai/v1`,
    /** `@anthropic-ai/sdk` `baseURL` (the SDK appends `/v1/messages`). */
    anthropic: `${origin}/anthropic`,
    /** `@ai-sdk/anthropic` `baseURL` (it appends `/messages`). */
    anthropicV1: `${origin}/anthropic/v1`,
    /** `@ai-sdk/google` `baseURL` (it appends `/models/{id}:streamGenerateContent`). */
    gemini: `${origin}/gemini/v1beta`,
    /** `@google/genai` `httpOptions.baseUrl` (it appends `/v1beta/models/…`). */
    geminiGenai: `${origin}/gemini`,
    /** `@ai-sdk/openai-compatible` / `openai` SDK `baseURL` for each compatible flavour. */
    compatible: `${origin}/compatible/v1`,
    ollama: `${origin}/ollama/v1`,
    deepseek: `${origin}/deepseek/v1`,
    /** OpenRouter: `@ai-sdk/openai-compatible` / `openai` `baseURL` (appends `/chat/completions`). */
    openrouter: `${origin}/openrouter/api/v1`,
    /** Groq: `@ai-sdk/openai-compatible` / `openai` `baseURL`. */
    groq: `${origin}/groq/openai/v1`,
    /** Mistral: `@ai-sdk/openai-compatible` / `openai` `baseURL` (also `@ai-sdk/mistral` `baseURL`). */
    mistral: `${origin}/mistral/v1`,
    /** `openai` `AzureOpenAI` `endpoint` (the SDK appends `/openai`). */
    azureEndpoint: `${origin}/azure`,
    /**
     * `openai` `AzureOpenAI` `baseURL`; `@ai-sdk/azure` `baseURL` with `useDeploymentBasedUrls: true`
     * (it appends `/deployments/{id}/chat/completions?api-version=…`).
     */
    azure: `${origin}/azure/openai`,
    /** `@ai-sdk/azure` `baseURL` for the v1 API (its default); `openai` `OpenAI` `baseURL` for Azure v1. */
    azureV1: `${origin}/azure/openai/v1`,
    /** `@aws-sdk/client-bedrock-runtime` `endpoint`; `@ai-sdk/amazon-bedrock` `baseURL`. */
    bedrock: `${origin}/bedrock`,
    /**
     * `@google/genai` `httpOptions.baseUrl` with `vertexai: true` (it appends
     * `/v1beta1/projects/{p}/locations/{l}/publishers/google/models/…`). For `@ai-sdk/google-vertex`
     * use `vertexBaseURL(fake, project, location)`.
     */
    vertex: `${origin}/vertex`,
    /** `@ai-sdk/google-vertex` `baseURL` in Express mode (`apiKey`). */
    vertexExpress: `${origin}/vertex/v1/publishers/google`,
    /** OAuth token endpoint: a service account's `token_uri`. */
    vertexToken: `${origin}/vertex/token`,
    /** Web search (web/handle-web.ts): Serper's base URL (`POST /search`). */
    serper: `${origin}/web/serper`,
    /** Serper's scrape API URL, whole (`POST`). */
    serperScrape: `${origin}/web/serper-scrape`,
    /** A SearXNG instance (`GET /search?format=json`). */
    searxng: `${origin}/web/searxng`,
    /** Firecrawl's API URL (`POST /v1/scrape`, `/v2/scrape`). */
    firecrawl: `${origin}/web/firecrawl`,
    /** Jina's rerank URL, whole (as LibreChat's `jinaApiUrl`). */
    jina: `${origin}/web/jina/v1/rerank`,
    /** Cohere's base URL (`POST /v2/rerank`). */
    cohere: `${origin}/web/cohere`,
    /** The pages search results link to: `/:slug`. */
    webPages: `${origin}/web/pages`,
    /** Control API root: `/requests`, `/scenarios`, `/reset`, `/service-accounts`. */
    control: `${origin}/__fake`,
  };
}

/**
 * `@ai-sdk/google-vertex` `baseURL` for a project and location: it replaces everything up to
 * `/publishers/google` and appends `/models/{id}:streamGenerateContent`.
 */
export function vertexBaseURL(
  fakeOrOrigin: { url: string } | string,
  project: string,
  location: string,
  version: 'v1' | 'v1beta1' = 'v1beta1',
): string {
  const origin = typeof fakeOrOrigin === 'string' ? fakeOrOrigin : fakeOrOrigin.url;
  return `${origin}/vertex/${version}/projects/${encodeURIComponent(project)}/locations/${encodeURIComponent(location)}/publishers/google`;
}
export type FakeProviderUrls = ReturnType<typeof baseUrls>;
