import {
  DEFAULT_PRESET_TITLE,
  PRESET_TITLE_MAX,
  type Preset,
  pickModelParameters,
  type SavePresetBody,
} from '@parley/schema';

const TEXT_FIELDS = ['endpointType', 'model', 'spec', 'modelLabel', 'iconURL'] as const;

/** A preset as saved to a JSON file: its settings and title, without ids or timestamps. */
export function presetToFile(preset: Preset): string {
  const { presetId: _id, createdAt: _c, updatedAt: _u, ...rest } = preset;
  const clean = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
  return `${JSON.stringify(clean, null, 2)}\n`;
}

/** A file name from a preset title: letters, digits, dashes and underscores only. */
export function presetFileName(title: string): string {
  const base = title
    .trim()
    .replace(/[^\p{L}\p{N}_-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return `${base || 'preset'}.json`;
}

/**
 * Read a preset file (ours or LibreChat's export): keeps the title, endpoint, model and known
 * settings; anything else is ignored. Null when it is not a preset. The server validates values.
 */
export function presetFromFile(text: string): SavePresetBody | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const source = data as Record<string, unknown>;
  if (typeof source.endpoint !== 'string' || !source.endpoint) return null;
  const body: Record<string, unknown> = {
    ...pickModelParameters(source),
    endpoint: source.endpoint,
    title:
      typeof source.title === 'string' && source.title.trim()
        ? source.title.trim().slice(0, PRESET_TITLE_MAX)
        : DEFAULT_PRESET_TITLE,
  };
  for (const key of TEXT_FIELDS) if (typeof source[key] === 'string') body[key] = source[key];
  return body as SavePresetBody;
}
