import { createAzure } from '@ai-sdk/azure';
import { type AdapterFactory, noProviderOptions } from '../adapter.ts';
import type { AzureDeployment, EndpointDef } from '../catalog.ts';
import type { Credentials } from '../credentials.ts';

const INSTANCE_PLACEHOLDER = '$' + '{INSTANCE_NAME}';
const DEPLOYMENT_PLACEHOLDER = '$' + '{DEPLOYMENT_NAME}';

/** The deployment to call for a model: the user's own bundle, or the configured groups. */
export function azureDeployment(endpoint: EndpointDef, modelId: string, creds: Credentials): AzureDeployment {
  const configured = endpoint.azure?.find((x) => x.model === modelId) ?? endpoint.azure?.[0];
  const d: AzureDeployment | undefined = creds.azure
    ? {
        model: modelId,
        apiKey: creds.apiKey,
        instanceName: creds.azure.instanceName,
        baseURL: configured?.baseURL,
        version: creds.azure.version,
        deploymentName: creds.azure.deploymentName || modelId,
      }
    : configured &&
      (configured.model === modelId
        ? configured
        : { ...configured, model: modelId, deploymentName: modelId });
  if (!d) throw new Error(`No Azure deployment for ${modelId}`);
  // LibreChat's placeholders: a base URL may name the instance and deployment.
  const baseURL = d.baseURL
    ?.replaceAll(INSTANCE_PLACEHOLDER, d.instanceName ?? '')
    .replaceAll(DEPLOYMENT_PLACEHOLDER, d.deploymentName);
  return { ...d, baseURL };
}

/** Azure OpenAI: one client per deployment target; the deployment name is the "model" in the URL. */
export const azure: AdapterFactory = (endpoint, creds) => {
  const clients = new Map<string, ReturnType<typeof createAzure>>();
  return (modelId, params) => {
    const d = azureDeployment(endpoint, modelId, creds);
    const key = `${d.baseURL ?? d.instanceName}|${d.version}`;
    let client = clients.get(key);
    if (!client) {
      const deploymentBased = Boolean(d.version && d.version !== 'v1');
      client = createAzure({
        apiKey: d.apiKey,
        ...(d.baseURL ? { baseURL: d.baseURL } : { resourceName: d.instanceName }),
        apiVersion: d.version,
        useDeploymentBasedUrls: deploymentBased,
      });
      clients.set(key, client);
    }
    return {
      model: params.useResponsesApi ? client.responses(d.deploymentName) : client.chat(d.deploymentName),
      penalties: !params.useResponsesApi,
      providerOptions: params.reasoning_effort
        ? { openai: { reasoningEffort: params.reasoning_effort } }
        : noProviderOptions,
    };
  };
};
