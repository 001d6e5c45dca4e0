import type { EmbeddingsYaml } from '../../config/yaml.ts';
import type { EndpointDef } from '../../providers/catalog.ts';
import { azureDeployment } from '../../providers/families/azure.ts';

/**
 * Embeddings for file search, through the provider's `/embeddings` (OpenAI, Azure OpenAI, or an
 * OpenAI-compatible endpoint) with the AI SDK's embedMany. Configured by librechat.yaml
 * `fileConfig.embeddings` (an endpoint by name + model + dimensions), else by LibreChat's RAG API
 * env names. Without either, file search runs on the full-text index alone.
 */

export const DEFAULT_EMBEDDINGS_MODEL = 'text-embedding-3-small';
/** `/embeddings` calls in flight; embedMany splits the values by the model's per-call limit (OpenAI: 2048). */
export const EMBED_PARALLEL = 2;
/** Retries of a failed `/embeddings` call (429, 5xx, network) before the caller sees the error. */
export const EMBED_RETRIES = 2;

/** What the embedder needs to reach the provider, resolved from config. */
export interface EmbeddingsTarget {
  kind: 'openai' | 'azure' | 'compatible';
  model: string;
  dimensions?: number;
  apiKey: string;
  baseURL?: string;
  /** Azure: the instance, when there is no base URL. */
  resourceName?: string;
  /** Azure: API version (deployment URLs); absent means Azure's v1 API. */
  apiVersion?: string;
  headers?: Record<string, string>;
}

/** What a chunk's vector is made from: its heading path and its text (upload and re-embed alike). */
export const embeddingText = (c: { heading: string | null; text: string }) =>
  c.heading ? `${c.heading}\n${c.text}` : c.text;

export interface Embedder {
  /** `model` or `model@dimensions`: stored per file; a different one means re-embedding. */
  readonly id: string;
  /** `maxRetries`: retries of a failed call inside (default 2); a caller with its own backoff says 0. */
  embed(texts: string[], signal?: AbortSignal, opts?: { maxRetries?: number }): Promise<number[][]>;
}

const env = (e: Record<string, string | undefined>, k: string) => e[k]?.trim() || undefined;

/**
 * Where embeddings come from: the yaml key (an endpoint of the catalog with a server key), else
 * EMBEDDINGS_PROVIDER (openai | azure) with RAG_OPENAI_* / RAG_AZURE_OPENAI_* (LibreChat's RAG API
 * names; RAG_OPENAI_API_KEY falls back to OPENAI_API_KEY as there). Null: not configured.
 */
export function embeddingsTarget(opts: {
  env: Record<string, string | undefined>;
  yaml?: EmbeddingsYaml;
  catalog: EndpointDef[];
}): EmbeddingsTarget | null {
  const { yaml, catalog } = opts;
  if (yaml) {
    const def = catalog.find((d) => d.name === yaml.endpoint);
    if (!def) throw new Error(`fileConfig.embeddings.endpoint: no endpoint named "${yaml.endpoint}"`);
    if (def.userProvide) throw new Error('fileConfig.embeddings.endpoint: the endpoint needs a server key');
    if (def.family === 'azure') {
      // The embedding model is one of the endpoint's deployments (a group's model), resolved as chat's are.
      if (!def.azure?.some((x) => x.model === yaml.model))
        throw new Error(`fileConfig.embeddings.model: azureOpenAI has no deployment of "${yaml.model}"`);
      const d = azureDeployment(def, yaml.model, { apiKey: '', fromUser: false });
      const deploymentBased = Boolean(d.version && d.version !== 'v1');
      return {
        kind: 'azure',
        model: d.deploymentName,
        dimensions: yaml.dimensions,
        apiKey: d.apiKey,
        baseURL: d.baseURL,
        resourceName: d.baseURL ? undefined : d.instanceName,
        apiVersion: deploymentBased ? d.version : undefined,
      };
    }
    if (def.family !== 'openai' && def.family !== 'custom')
      throw new Error(`fileConfig.embeddings.endpoint: ${def.family} has no OpenAI-style /embeddings`);
    return {
      kind: def.family === 'openai' ? 'openai' : 'compatible',
      model: yaml.model,
      dimensions: yaml.dimensions,
      apiKey: def.apiKey,
      baseURL: def.baseURL,
      headers: def.headers,
    };
  }
  const e = opts.env;
  const provider = env(e, 'EMBEDDINGS_PROVIDER')?.toLowerCase();
  const model = env(e, 'EMBEDDINGS_MODEL') ?? DEFAULT_EMBEDDINGS_MODEL;
  if (provider === 'azure') {
    const apiKey = env(e, 'RAG_AZURE_OPENAI_API_KEY');
    const endpoint = env(e, 'RAG_AZURE_OPENAI_ENDPOINT');
    if (!apiKey || !endpoint)
      throw new Error(
        'EMBEDDINGS_PROVIDER=azure needs RAG_AZURE_OPENAI_API_KEY and RAG_AZURE_OPENAI_ENDPOINT',
      );
    return {
      kind: 'azure',
      model,
      apiKey,
      baseURL: `${endpoint.replace(/\/+$/, '')}/openai`,
      apiVersion: env(e, 'RAG_AZURE_OPENAI_API_VERSION') ?? '2024-10-21',
    };
  }
  if (provider === 'openai' || (!provider && env(e, 'RAG_OPENAI_API_KEY'))) {
    const apiKey = env(e, 'RAG_OPENAI_API_KEY') ?? env(e, 'OPENAI_API_KEY');
    if (!apiKey) throw new Error('EMBEDDINGS_PROVIDER=openai needs RAG_OPENAI_API_KEY (or OPENAI_API_KEY)');
    const baseURL = env(e, 'RAG_OPENAI_BASEURL');
    return { kind: baseURL ? 'compatible' : 'openai', model, apiKey, baseURL };
  }
  if (provider) throw new Error(`EMBEDDINGS_PROVIDER=${provider} is not supported (openai, azure)`);
  return null;
}

/** An embedder for a target; the AI SDK providers load on first use (not at startup). */
export function embedder(target: EmbeddingsTarget): Embedder {
  const id = target.dimensions ? `${target.model}@${target.dimensions}` : target.model;
  const model = async () => {
    if (target.kind === 'azure') {
      const { createAzure } = await import('@ai-sdk/azure');
      return createAzure({
        apiKey: target.apiKey,
        ...(target.baseURL ? { baseURL: target.baseURL } : { resourceName: target.resourceName }),
        apiVersion: target.apiVersion,
        useDeploymentBasedUrls: Boolean(target.apiVersion),
      }).embedding(target.model);
    }
    if (target.kind === 'openai') {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: target.apiKey, baseURL: target.baseURL }).embedding(target.model);
    }
    const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
    return createOpenAICompatible({
      name: 'embeddings',
      apiKey: target.apiKey,
      baseURL: target.baseURL ?? '',
      headers: target.headers,
    }).embeddingModel(target.model);
  };
  let loaded: ReturnType<typeof model> | null = null;
  return {
    id,
    async embed(texts, signal, opts) {
      if (texts.length === 0) return [];
      loaded ??= model();
      const { embedMany } = await import('ai');
      const dims = target.dimensions ? { dimensions: target.dimensions } : undefined;
      const { embeddings } = await embedMany({
        model: await loaded,
        values: texts,
        maxParallelCalls: EMBED_PARALLEL,
        maxRetries: opts?.maxRetries ?? EMBED_RETRIES,
        abortSignal: signal,
        ...(dims ? { providerOptions: { openai: dims, azure: dims, embeddings: dims } } : {}),
      });
      return embeddings;
    },
  };
}
