import { type ChatError, ChatErrorTypes, type UserKeyValue } from '@parley/schema';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { KeysRepo } from '../db/repos/keys.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import { checkUserUrl } from '../net/ssrf.ts';
import type { EndpointDef } from './catalog.ts';
import type { ServiceAccount } from './vertex-auth.ts';

export interface Credentials {
  apiKey: string;
  baseURL?: string;
  /**
   * Set when the base URL is the user's: the provider client sends every request through it, so the
   * SSRF check holds when each connection is opened (DNS rebinding, redirects), not only before.
   */
  fetch?: typeof fetch;
  /** Whether these came from the user (provider clients are then not shared). */
  fromUser: boolean;
  /** Google: a user's own service account (Vertex AI) instead of an API key. */
  serviceAccount?: ServiceAccount;
  /** Bedrock: the user's own AWS credentials. */
  aws?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string; region?: string };
  /** Azure: the user's own instance, deployment and version (the API key dialog's bundle). */
  azure?: { instanceName?: string; deploymentName?: string; version?: string };
}

/** A chat error the user can act on (doc 2 §8.3): no key, an expired or unusable one. */
export class CredentialsError extends Error {
  constructor(readonly chatError: ChatError) {
    super(chatError.type);
    this.name = 'CredentialsError';
  }
}

const fail = (error: ChatError) => new CredentialsError(error);

/** Parse a stored value: a JSON bundle, or a bare key. */
export function parseKeyValue(plain: string): UserKeyValue {
  if (plain.trimStart().startsWith('{')) {
    try {
      return JSON.parse(plain) as UserKeyValue;
    } catch {
      // not JSON after all: a key that starts with a brace
    }
  }
  return { apiKey: plain };
}

/** The key (and base URL) to call an endpoint with, for this user. */
export async function resolveCredentials(
  endpoint: EndpointDef,
  userId: string,
  deps: { keys: KeysRepo; box: SecretBox; allowedPrivateHosts: string[] },
): Promise<Credentials> {
  if (!endpoint.userProvide && !endpoint.userProvideURL) {
    return { apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, fromUser: false };
  }
  const row = await deps.keys.get(userId, endpoint.name);
  if (!row) throw fail({ type: ChatErrorTypes.NO_USER_KEY });
  if (row.expires_at !== null && row.expires_at <= Date.now()) {
    throw fail({
      type: ChatErrorTypes.EXPIRED_USER_KEY,
      endpoint: endpoint.name,
      expiredAt: new Date(row.expires_at).toLocaleString('en-US', { timeZone: 'UTC', timeZoneName: 'short' }),
    });
  }
  let value: UserKeyValue;
  try {
    value = parseKeyValue(deps.box.open(row.value));
  } catch {
    throw fail({ type: ChatErrorTypes.INVALID_USER_KEY });
  }
  if (endpoint.family === 'google') {
    const sa = value.GOOGLE_SERVICE_KEY as ServiceAccount | undefined;
    if (sa?.client_email && sa.private_key) return { apiKey: '', fromUser: true, serviceAccount: sa };
    const key = value.GOOGLE_API_KEY ?? value.apiKey;
    if (!key) throw fail({ type: ChatErrorTypes.INVALID_USER_KEY });
    return { apiKey: key, fromUser: true };
  }
  if (endpoint.family === 'bedrock') {
    const v = value as UserKeyValue & {
      accessKeyId?: string;
      secretAccessKey?: string;
      sessionToken?: string;
      region?: string;
    };
    if (!v.accessKeyId || !v.secretAccessKey) throw fail({ type: ChatErrorTypes.INVALID_USER_KEY });
    return {
      apiKey: v.secretAccessKey,
      fromUser: true,
      aws: {
        accessKeyId: v.accessKeyId,
        secretAccessKey: v.secretAccessKey,
        sessionToken: v.sessionToken,
        region: v.region,
      },
    };
  }
  if (endpoint.family === 'azure') {
    if (!value.azureOpenAIApiKey || !value.azureOpenAIApiInstanceName)
      throw fail({ type: ChatErrorTypes.INVALID_USER_KEY });
    return {
      apiKey: value.azureOpenAIApiKey,
      fromUser: true,
      azure: {
        instanceName: value.azureOpenAIApiInstanceName,
        deploymentName: value.azureOpenAIApiDeploymentName,
        version: value.azureOpenAIApiVersion,
      },
    };
  }
  const apiKey = endpoint.userProvide ? value.apiKey : endpoint.apiKey;
  if (!apiKey) throw fail({ type: ChatErrorTypes.INVALID_USER_KEY });
  if (endpoint.userProvideURL) {
    if (!value.baseURL) throw fail({ type: ChatErrorTypes.NO_BASE_URL });
    // The early check gives a readable reason (and covers IP literals); the guarded fetch holds.
    const refused = await checkUserUrl(value.baseURL, deps.allowedPrivateHosts);
    if (refused) throw fail({ type: ChatErrorTypes.PROVIDER, info: refused });
    const fetch = guardedFetch({ allowedHosts: deps.allowedPrivateHosts });
    return { apiKey, baseURL: value.baseURL, fetch, fromUser: true };
  }
  return { apiKey, baseURL: endpoint.baseURL, fromUser: true };
}
