import type { EndpointConfig } from '@parley/schema';
import { en } from '../i18n/en.ts';
import type { TranslationKey } from '../i18n/t.ts';
import { t } from '../i18n/t.ts';

/** Display name of an endpoint: its configured label, a friendly built-in name, or its name. */
export function endpointLabel(
  name: string,
  config?: Pick<EndpointConfig, 'modelDisplayLabel'> | null,
): string {
  if (config?.modelDisplayLabel) return config.modelDisplayLabel;
  const key = `com_endpoint_${name}`;
  if (key in en) return t(key as TranslationKey);
  return name;
}
