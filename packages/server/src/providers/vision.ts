/**
 * Which models can read images. Providers do not say so in their model lists, so, as LibreChat
 * does, a model is taken to have vision when its id contains one of these family names (Bedrock
 * ids carry a vendor prefix, e.g. `anthropic.claude-3-5-sonnet…`, and still match). A model that
 * matches none is refused images before any request leaves (`vision_unsupported`).
 */
export const VISION_MODEL_FAMILIES = [
  // OpenAI (and Azure deployments of the same models)
  'gpt-4o',
  'gpt-4.1',
  'gpt-4.5',
  'gpt-4-turbo',
  'gpt-4-vision',
  'gpt-5',
  'chatgpt-4o',
  'o1',
  'o3',
  'o4',
  // Anthropic: every Claude 3 and later
  'claude-3',
  'claude-opus-4',
  'claude-sonnet-4',
  'claude-haiku-4',
  // Google
  'gemini',
  'gemma-3',
  // Open models and other vendors
  'llava',
  'bakllava',
  'llama-3.2-vision',
  'llama-4',
  'llama3.2-vision',
  'pixtral',
  'mistral-medium',
  'mistral-small-3',
  'qwen-vl',
  'qwen2-vl',
  'qwen2.5-vl',
  'qwen3-vl',
  'grok-2-vision',
  'grok-4',
  'grok-vision',
  'minicpm-v',
  'moondream',
  'nova-lite',
  'nova-pro',
  'nova-premier',
] as const;

/** Whether `model` can be sent images. */
export function isVisionModel(model: string): boolean {
  const id = model.toLowerCase();
  // `o1-mini` and `o3-mini` read no images; the other o-series models do.
  if (/(^|[./])o[13]-mini\b/.test(id)) return false;
  return VISION_MODEL_FAMILIES.some((family) => familyIn(id, family));
}

/** `family` as a word of the id: `o1` in `o1-preview` or `openai.o1`, not in `gpt-4o1x`. */
function familyIn(id: string, family: string): boolean {
  let at = id.indexOf(family);
  while (at >= 0) {
    const before = at === 0 ? '' : id[at - 1];
    if (before === '' || /[^a-z0-9]/.test(before)) return true;
    at = id.indexOf(family, at + 1);
  }
  return false;
}
