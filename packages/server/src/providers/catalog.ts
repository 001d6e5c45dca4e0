import { readFileSync } from 'node:fs';
import type { EndpointsConfig } from '@parley/schema';
import type { YamlConfig } from '../config/yaml.ts';
import type { ServiceAccount } from './vertex-auth.ts';

export type ProviderFamily = 'openai' | 'anthropic' | 'google' | 'azure' | 'bedrock' | 'custom';

/** Where one Azure OpenAI model is deployed (librechat.yaml `azureOpenAI.groups`, or env). */
export interface AzureDeployment {
  model: string;
  apiKey: string;
  instanceName?: string;
  baseURL?: string;
  /** An api-version date selects deployment-based URLs; `v1` (or none) the v1 API. */
  version?: string;
  deploymentName: string;
}

/** A configured, usable endpoint: one entry of the model menu. */
export const USER_PROVIDED = 'user_provided';

export interface EndpointDef {
  name: string;
  family: ProviderFamily;
  /** The server's key, or `user_provided`: each user enters their own (issue 3 §3). */
  apiKey: string;
  baseURL?: string;
  userProvide: boolean;
  userProvideURL: boolean;
  models: string[];
  titleConvo: boolean;
  /** Model used for titles; undefined means the conversation's own model. */
  titleModel?: string;
  modelDisplayLabel?: string;
  iconURL?: string;
  /** Custom endpoints: extra request headers, body fields to add and to drop. */
  headers?: Record<string, string>;
  addParams?: Record<string, unknown>;
  dropParams?: string[];
  /** Custom endpoints: list models from `GET {baseURL}/models` as well as the defaults. */
  fetchModels?: boolean;
  /** Custom endpoints with `provider: anthropic` speak Anthropic's API. */
  nativeAnthropic?: boolean;
  /** Azure: the deployment of each model. */
  azure?: AzureDeployment[];
  /** Google through Vertex AI: the service account (absent when user-provided) and location. */
  vertex?: { serviceAccount?: ServiceAccount; location: string; baseURL?: string; tokenUrl?: string };
  /** Bedrock: server credentials (absent when user-provided) and regions. */
  bedrock?: { accessKeyId?: string; sessionToken?: string; region: string; availableRegions: string[] };
}

/** Bedrock models offered when none are configured (value not shown in the spec). */
export const DEFAULT_BEDROCK_MODELS = [
  'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'amazon.nova-pro-v1:0',
  'meta.llama3-1-70b-instruct-v1:0',
  'mistral.mistral-large-2407-v1:0',
];
export const DEFAULT_BEDROCK_REGION = 'us-east-1';

/** Default model lists when neither env nor librechat.yaml names any (value not shown in spec). */
export const DEFAULT_MODELS: Record<Exclude<ProviderFamily, 'custom' | 'azure' | 'bedrock'>, string[]> = {
  openai: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini', 'gpt-4', 'gpt-3.5-turbo'],
  anthropic: ['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-3-5-haiku-latest'],
  google: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash'],
};

/** Cheap models used for titles by default. */
export const DEFAULT_TITLE_MODELS: Record<Exclude<ProviderFamily, 'custom' | 'azure' | 'bedrock'>, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  google: 'gemini-2.0-flash',
};

const BUILTINS = [
  {
    name: 'openAI',
    family: 'openai',
    key: 'OPENAI_API_KEY',
    base: 'OPENAI_BASE_URL',
    models: 'OPENAI_MODELS',
  },
  {
    name: 'anthropic',
    family: 'anthropic',
    key: 'ANTHROPIC_API_KEY',
    base: 'ANTHROPIC_BASE_URL',
    models: 'ANTHROPIC_MODELS',
  },
  { name: 'google', family: 'google', key: 'GOOGLE_KEY', base: 'GOOGLE_BASE_URL', models: 'GOOGLE_MODELS' },
] as const;

const list = (v: string | undefined) =>
  v
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Build the endpoint list from the environment and librechat.yaml. An endpoint without a key is
 * not offered (issue 2 §5); `user_provided` means every user brings their own key (or URL).
 */
export function buildCatalog(env: NodeJS.ProcessEnv, yaml: YamlConfig): EndpointDef[] {
  const out: EndpointDef[] = [];
  for (const b of BUILTINS) {
    const apiKey = env[b.key];
    if (!apiKey) continue;
    const y = yaml.endpoints?.[b.name];
    const family = b.family as Exclude<ProviderFamily, 'custom' | 'azure' | 'bedrock'>;
    out.push({
      name: b.name,
      family,
      apiKey,
      baseURL: env[b.base] || undefined,
      userProvide: apiKey === USER_PROVIDED,
      userProvideURL: env[b.base] === USER_PROVIDED,
      models: list(env[b.models]) ?? y?.models ?? DEFAULT_MODELS[family],
      titleConvo: y?.titleConvo ?? env.TITLE_CONVO !== 'false',
      titleModel: y?.titleModel ?? DEFAULT_TITLE_MODELS[family],
    });
  }
  const google = out.find((e) => e.name === 'google');
  const vertex = vertexSettings(env);
  if (vertex && google) google.vertex = vertex;
  else if (vertex?.serviceAccount) {
    out.push({
      name: 'google',
      family: 'google',
      apiKey: '',
      userProvide: false,
      userProvideURL: false,
      models: list(env.GOOGLE_MODELS) ?? yaml.endpoints?.google?.models ?? DEFAULT_MODELS.google,
      titleConvo: yaml.endpoints?.google?.titleConvo ?? env.TITLE_CONVO !== 'false',
      titleModel: yaml.endpoints?.google?.titleModel ?? DEFAULT_TITLE_MODELS.google,
      vertex,
    });
  }
  const azure = azureEndpoint(env, yaml);
  if (azure) out.push(azure);
  const bedrock = bedrockEndpoint(env, yaml);
  if (bedrock) out.push(bedrock);
  for (const c of yaml.endpoints?.custom ?? []) {
    if (!c.apiKey || !c.baseURL) continue;
    out.push({
      name: c.name,
      family: 'custom',
      apiKey: c.apiKey,
      baseURL: c.baseURL,
      userProvide: c.apiKey === USER_PROVIDED,
      userProvideURL: c.baseURL === USER_PROVIDED,
      models: c.models.default,
      titleConvo: c.titleConvo ?? false,
      titleModel: c.titleModel && c.titleModel !== 'current_model' ? c.titleModel : undefined,
      modelDisplayLabel: c.modelDisplayLabel,
      iconURL: c.iconURL,
      headers: c.headers,
      addParams: c.addParams,
      dropParams: c.dropParams,
      fetchModels: c.models.fetch ?? false,
      nativeAnthropic: c.provider === 'anthropic',
    });
  }
  return out;
}

/**
 * Azure OpenAI from `endpoints.azureOpenAI.groups` or, without it, LibreChat's env variables
 * (AZURE_API_KEY, AZURE_OPENAI_API_INSTANCE_NAME, _DEPLOYMENT_NAME, _VERSION, AZURE_OPENAI_MODELS,
 * AZURE_OPENAI_BASEURL). With `AZURE_API_KEY=user_provided` each user brings the whole bundle.
 */
function azureEndpoint(env: NodeJS.ProcessEnv, yaml: YamlConfig): EndpointDef | null {
  const y = yaml.endpoints?.azureOpenAI;
  let deployments: AzureDeployment[] = [];
  let userProvide = false;
  if (y) {
    deployments = y.groups.flatMap((g) =>
      Object.entries(g.models)
        .filter(([, m]) => m !== false)
        .map(([model, m]) => ({
          model,
          apiKey: g.apiKey,
          instanceName: g.instanceName,
          baseURL: g.baseURL,
          version: (typeof m === 'object' && m.version) || g.version,
          deploymentName: (typeof m === 'object' && m.deploymentName) || g.deploymentName || model,
        })),
    );
  } else if (env.AZURE_API_KEY) {
    userProvide = env.AZURE_API_KEY === USER_PROVIDED;
    const models = list(env.AZURE_OPENAI_MODELS) ?? DEFAULT_MODELS.openai;
    deployments = models.map((model) => ({
      model,
      apiKey: env.AZURE_API_KEY!,
      instanceName: env.AZURE_OPENAI_API_INSTANCE_NAME,
      baseURL: env.AZURE_OPENAI_BASEURL,
      version: env.AZURE_OPENAI_API_VERSION,
      deploymentName:
        env.AZURE_USE_MODEL_AS_DEPLOYMENT_NAME === 'true'
          ? model
          : (env.AZURE_OPENAI_API_DEPLOYMENT_NAME ?? model),
    }));
  }
  if (deployments.length === 0) return null;
  return {
    name: 'azureOpenAI',
    family: 'azure',
    apiKey: userProvide ? USER_PROVIDED : deployments[0].apiKey,
    userProvide,
    userProvideURL: false,
    models: [...new Set(deployments.map((d) => d.model))],
    titleConvo: y?.titleConvo ?? env.TITLE_CONVO !== 'false',
    titleModel: y?.titleModel,
    azure: deployments,
  };
}

/**
 * Vertex AI for the google endpoint: GOOGLE_SERVICE_KEY_FILE (a service-account JSON) makes the
 * server's calls go to Vertex; with GOOGLE_KEY=user_provided a user may also import their own
 * service key. GOOGLE_LOC is the location; GOOGLE_VERTEX_BASE_URL and GOOGLE_TOKEN_URL override
 * the endpoints (private networks, tests).
 */
function vertexSettings(env: NodeJS.ProcessEnv): EndpointDef['vertex'] | null {
  const file = env.GOOGLE_SERVICE_KEY_FILE;
  if (!file && env.GOOGLE_KEY !== USER_PROVIDED) return null;
  let serviceAccount: ServiceAccount | undefined;
  if (file) {
    try {
      serviceAccount = JSON.parse(readFileSync(file, 'utf8')) as ServiceAccount;
    } catch (error) {
      throw new Error(`GOOGLE_SERVICE_KEY_FILE could not be read as JSON: ${(error as Error).message}`);
    }
  }
  return {
    serviceAccount,
    location: env.GOOGLE_LOC || 'us-central1',
    baseURL: env.GOOGLE_VERTEX_BASE_URL || undefined,
    tokenUrl: env.GOOGLE_TOKEN_URL || undefined,
  };
}

/**
 * AWS Bedrock from LibreChat's env names: BEDROCK_AWS_ACCESS_KEY_ID, BEDROCK_AWS_SECRET_ACCESS_KEY
 * (`user_provided`: each user enters their own), BEDROCK_AWS_SESSION_TOKEN,
 * BEDROCK_AWS_DEFAULT_REGION, BEDROCK_AWS_MODELS; BEDROCK_BASE_URL overrides the runtime URL.
 */
function bedrockEndpoint(env: NodeJS.ProcessEnv, yaml: YamlConfig): EndpointDef | null {
  const secret = env.BEDROCK_AWS_SECRET_ACCESS_KEY;
  if (!secret || (secret !== USER_PROVIDED && !env.BEDROCK_AWS_ACCESS_KEY_ID)) return null;
  const y = yaml.endpoints?.bedrock;
  const region = env.BEDROCK_AWS_DEFAULT_REGION || DEFAULT_BEDROCK_REGION;
  return {
    name: 'bedrock',
    family: 'bedrock',
    apiKey: secret,
    baseURL: env.BEDROCK_BASE_URL || undefined,
    userProvide: secret === USER_PROVIDED,
    userProvideURL: false,
    models: list(env.BEDROCK_AWS_MODELS) ?? y?.models ?? DEFAULT_BEDROCK_MODELS,
    titleConvo: y?.titleConvo ?? env.TITLE_CONVO !== 'false',
    titleModel: y?.titleModel,
    bedrock: {
      accessKeyId: env.BEDROCK_AWS_ACCESS_KEY_ID,
      sessionToken: env.BEDROCK_AWS_SESSION_TOKEN,
      region,
      availableRegions: y?.availableRegions ?? [region],
    },
  };
}

/** Find an endpoint by name; custom names match without regard to case (doc 1 §2). */
export function findEndpoint(catalog: EndpointDef[], name: string): EndpointDef | undefined {
  return (
    catalog.find((e) => e.name === name) ?? catalog.find((e) => e.name.toLowerCase() === name.toLowerCase())
  );
}

export function endpointsConfig(catalog: EndpointDef[]): EndpointsConfig {
  return Object.fromEntries(
    catalog.map((e, order) => [
      e.name,
      {
        order,
        userProvide: e.userProvide,
        ...(e.userProvideURL ? { userProvideURL: true } : {}),
        ...(e.family === 'custom' ? { type: 'custom' } : {}),
        ...(e.modelDisplayLabel ? { modelDisplayLabel: e.modelDisplayLabel } : {}),
        ...(e.iconURL ? { iconURL: e.iconURL } : {}),
        // What the parameters panel needs: the wire family of a custom endpoint, Bedrock regions.
        ...(e.nativeAnthropic ? { provider: 'anthropic' } : {}),
        ...(e.bedrock ? { availableRegions: e.bedrock.availableRegions } : {}),
        titleConvo: e.titleConvo,
      },
    ]),
  );
}
