import { checkKey, extractKey, fingerprint, type KeySource } from '../auth.ts';
import { decodeOpenAIChat } from '../decoders/openai-chat.ts';
import { decodeOpenAIResponses } from '../decoders/openai-responses.ts';
import type { AuthCheck, AuthOutcome, Dialect, RouteInfo } from '../dialect.ts';
import { openaiChatStream, openaiChatWhole } from '../encoders/openai-chat.ts';
import { openaiResponsesStream, openaiResponsesWhole } from '../encoders/openai-responses.ts';
import { AZURE_MISSING_KEY, azureHttpError, azureResourceNotFound } from '../errors/azure.ts';
import { azureFlavour, azureWholeExtras } from '../flavours/azure.ts';
import { azureModels } from '../models.ts';

const KEY_SOURCES: KeySource[] = [{ type: 'header', name: 'api-key' }, { type: 'bearer' }];

/**
 * Azure auth (providers.md §3, §10.6): `api-key` (or an Entra ID Bearer token) and, on the
 * deployment-based and `/openai/responses` URLs, an `api-version` query parameter. The v1 API
 * (`/openai/v1/…`) needs no api-version.
 */
function authenticateAzure({ headers, query, route }: AuthCheck): AuthOutcome {
  const key = extractKey(headers, query, KEY_SOURCES);
  const scheme = headers['api-key'] ? ('api-key' as const) : ('bearer' as const);
  if (!key)
    return {
      record: { scheme: 'none' },
      error: azureHttpError('auth', { model: '', message: AZURE_MISSING_KEY }),
    };
  const record = { scheme, key: fingerprint(key) };
  if (!checkKey(key).ok) return { record, error: azureHttpError('auth', { model: '' }) };
  if (route.params?.form !== 'v1' && !query['api-version']) return { record, error: azureResourceNotFound() };
  return { record };
}

/** On deployment URLs the deployment is the model, whatever the body says. */
const withDeployment = (body: Record<string, unknown>, route: RouteInfo) =>
  route.params?.deployment ? { ...body, model: route.params.deployment } : body;

/** Azure OpenAI Chat Completions (§3): OpenAI framing with the Azure overlay. */
export const azureChat: Dialect = {
  name: 'azure',
  provider: 'azure',
  keySources: KEY_SOURCES,
  authenticate: authenticateAzure,
  decode: (body, route) => decodeOpenAIChat(withDeployment(body, route), 'azure', 'azure'),
  httpError: azureHttpError,
  streamEncoder: (ctx) => openaiChatStream(ctx, azureFlavour),
  whole: (reply, ctx) => azureWholeExtras(openaiChatWhole(reply, ctx, azureFlavour)),
  models: azureModels,
  responseHeaders: (ids) => ({ 'apim-request-id': ids('', 32), 'x-request-id': ids('', 32) }),
};

/** Azure OpenAI Responses (§3): OpenAI's stream unchanged; Azure's auth and error envelope. */
export const azureResponses: Dialect = {
  ...azureChat,
  decode: (body, route) => ({
    ...decodeOpenAIResponses(withDeployment(body, route)),
    provider: 'azure',
    dialect: 'azure',
  }),
  streamEncoder: openaiResponsesStream,
  whole: openaiResponsesWhole,
};
