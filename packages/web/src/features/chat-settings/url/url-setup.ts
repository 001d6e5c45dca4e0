import { MODEL_PARAMETER_KEYS } from '@parley/schema';

/** Reading the URL query waits for endpoints and models: 50 attempts, 100 ms apart (doc 1 §2). */
export const URL_SETUP_ATTEMPTS = 50;
export const URL_SETUP_INTERVAL_MS = 100;

const SETTING_KEYS = ['endpoint', 'model', 'spec', 'agent_id', 'assistant_id'] as const;
/** Values kept as text even when they look like numbers or booleans. */
const TEXT_KEYS = new Set<string>([...SETTING_KEYS, 'promptPrefix', 'region', 'reasoning_effort']);
const KNOWN = new Set<string>([...SETTING_KEYS, ...MODEL_PARAMETER_KEYS]);

export type UrlSetup = {
  /** Text for the composer (`prompt` or `q`). */
  prompt: string | null;
  /** `submit=true`: send the prompt at once. */
  submit: boolean;
  /** Settings and parameters, coerced but not yet validated. */
  settings: Record<string, unknown>;
  /** Query keys that were neither a prompt nor a setting. */
  unknown: string[];
};

/** `true`/`false` become booleans and numeric text becomes a number (doc 1 §2). */
export function coerce(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

/** Read the chat URL query. Null when it holds nothing to set up. */
export function parseUrlSetup(search: string): UrlSetup | null {
  const query = new URLSearchParams(search);
  if ([...query.keys()].length === 0) return null;
  const prompt = query.get('prompt') ?? query.get('q');
  const settings: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of query) {
    if (key === 'prompt' || key === 'q' || key === 'submit') continue;
    if (!KNOWN.has(key)) unknown.push(key);
    else if (key === 'stop')
      settings.stop = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else settings[key] = TEXT_KEYS.has(key) ? value : coerce(value);
  }
  return { prompt, submit: query.get('submit') === 'true', settings, unknown };
}

/** Whether the query names anything besides the prompt (those must wait for the model lists). */
export function hasSettings(setup: UrlSetup): boolean {
  return Object.keys(setup.settings).length > 0;
}
