import {
  AGENT_DESCRIPTION_MAX,
  AGENT_INSTRUCTIONS_MAX,
  AGENT_NAME_MAX,
  type Agent,
  type AgentCreateBody,
  AVATAR_DEFAULT_SIZE_LIMIT,
  BuiltinTools,
  CONVO_STARTER_MAX_LENGTH,
  CONVO_STARTERS_MAX,
} from '@parley/schema';

/**
 * The assistant builder's rules (doc 3 §3 Assistant, §4 Assistant, §5 Assistant), pure so they are
 * tested alone. An assistant is saved as an agent with kind 'assistant' (issue 15 point 5): code
 * interpreter → tool execute_code, file search → tool file_search, image vision → a model
 * parameter flag, append current date-time → append_current_datetime.
 */
export const ASSISTANT_LIMITS = {
  name: AGENT_NAME_MAX,
  description: AGENT_DESCRIPTION_MAX,
  instructions: AGENT_INSTRUCTIONS_MAX,
  starter: CONVO_STARTER_MAX_LENGTH,
  starters: CONVO_STARTERS_MAX,
} as const;

/** The model parameter that carries the image vision capability. */
export const IMAGE_VISION_PARAM = 'image_vision';

export type AssistantForm = {
  name: string;
  description: string;
  instructions: string;
  conversation_starters: string[];
  provider: string;
  model: string;
  code_interpreter: boolean;
  file_search: boolean;
  image_vision: boolean;
  append_current_datetime: boolean;
};

export function emptyAssistantForm(provider: string, model: string): AssistantForm {
  return {
    name: '',
    description: '',
    instructions: '',
    conversation_starters: [],
    provider,
    model,
    code_interpreter: false,
    file_search: false,
    image_vision: false,
    append_current_datetime: false,
  };
}

/** An existing assistant (or any agent opened in this builder) as the form edits it. */
export function formFromAgent(agent: Agent): AssistantForm {
  return {
    name: agent.name ?? '',
    description: agent.description ?? '',
    instructions: agent.instructions ?? '',
    conversation_starters: [...agent.conversation_starters],
    provider: agent.provider,
    model: agent.model,
    code_interpreter: agent.tools.includes(BuiltinTools.execute_code),
    file_search: agent.tools.includes(BuiltinTools.file_search),
    image_vision: agent.model_parameters[IMAGE_VISION_PARAM] === true,
    append_current_datetime: agent.append_current_datetime,
  };
}

export type StarterAdd = { list: string[]; added: boolean; shake: boolean };

/**
 * Enter in the starter field (doc 3 §5): a starter is added only when non-blank and under the max;
 * Enter at the max shakes the field. The text is at most 64 characters.
 */
export function addStarter(list: readonly string[], text: string): StarterAdd {
  const starter = text.trim().slice(0, CONVO_STARTER_MAX_LENGTH);
  if (list.length >= CONVO_STARTERS_MAX) return { list: [...list], added: false, shake: true };
  if (!starter) return { list: [...list], added: false, shake: false };
  return { list: [...list, starter], added: true, shake: false };
}

/** Empty starters are dropped on save (doc 3 §3), the rest trimmed and bounded. */
export function cleanStarters(list: readonly string[]): string[] {
  return list
    .map((s) => s.trim().slice(0, CONVO_STARTER_MAX_LENGTH))
    .filter(Boolean)
    .slice(0, CONVO_STARTERS_MAX);
}

/**
 * Models that cannot call tools, so cannot search files (doc 3 §4: retrieval is forced off when
 * the model is not retrieval-capable). LibreChat kept a list of OpenAI models the Assistants API
 * allowed; here file search is our tool loop's tool, so any model that calls tools can use it and
 * the list names the ones that cannot: completion-only, embedding, audio and image models, and the
 * first o1 previews.
 */
const NO_TOOL_MODELS = [
  /instruct/,
  /(^|[./])o1-(mini|preview)\b/,
  /(^|[./])(text-)?(davinci|babbage|curie|ada)\b/,
  /embed/,
  /(^|[./])(tts|whisper|dall-e|gpt-image)/,
  /-(transcribe|tts)\b/,
  /(^|[./])gpt-3\.5-turbo-(0301|16k-0613)\b/,
];

export function isRetrievalModel(model: string): boolean {
  const id = model.toLowerCase();
  return id !== '' && !NO_TOOL_MODELS.some((pattern) => pattern.test(id));
}

/** A new model: file search is forced off when the model cannot use it. */
export function withModel(form: AssistantForm, model: string): AssistantForm {
  return { ...form, model, file_search: form.file_search && isRetrievalModel(model) };
}

export type AssistantField = 'name' | 'description' | 'instructions' | 'model';
export type AssistantErrors = Partial<Record<AssistantField, 'required' | 'too_long'>>;

/** Doc 3 §5: the model is required; name ≤ 256, description ≤ 512, instructions ≤ 32768. */
export function validateAssistant(form: AssistantForm): AssistantErrors {
  const errors: AssistantErrors = {};
  if (!form.model.trim() || !form.provider) errors.model = 'required';
  if (form.name.length > ASSISTANT_LIMITS.name) errors.name = 'too_long';
  if (form.description.length > ASSISTANT_LIMITS.description) errors.description = 'too_long';
  if (form.instructions.length > ASSISTANT_LIMITS.instructions) errors.instructions = 'too_long';
  return errors;
}

const MANAGED_TOOLS = new Set<string>([BuiltinTools.execute_code, BuiltinTools.file_search]);

/**
 * The agents API body of an assistant. Saving over an agent keeps what this builder does not show
 * (other tools, other model parameters).
 */
export function assistantBody(form: AssistantForm, base?: Agent | null): AgentCreateBody {
  const tools = (base?.tools ?? []).filter((tool) => !MANAGED_TOOLS.has(tool));
  if (form.code_interpreter) tools.push(BuiltinTools.execute_code);
  if (form.file_search && isRetrievalModel(form.model)) tools.push(BuiltinTools.file_search);
  const { [IMAGE_VISION_PARAM]: _vision, ...params } = base?.model_parameters ?? {};
  return {
    name: form.name.trim() || null,
    description: form.description.trim() || null,
    instructions: form.instructions.trim() ? form.instructions : null,
    provider: form.provider,
    model: form.model,
    model_parameters: form.image_vision ? { ...params, [IMAGE_VISION_PARAM]: true } : params,
    tools,
    agent_ids: base?.agent_ids ?? [],
    end_after_tools: base?.end_after_tools ?? false,
    hide_sequential_outputs: base?.hide_sequential_outputs ?? false,
    recursion_limit: base?.recursion_limit ?? null,
    artifacts: base?.artifacts ?? '',
    tool_resources: base?.tool_resources ?? {},
    conversation_starters: cleanStarters(form.conversation_starters),
    require_approval: base?.require_approval ?? [],
    category: base?.category ?? 'general',
    kind: 'assistant',
    append_current_datetime: form.append_current_datetime,
  };
}

/** After a delete (doc 3 §4 "similarly to agents"): the first remaining assistant, or none. */
export function nextAfterDelete(ids: readonly string[], deleted: string): string | null {
  return ids.find((id) => id !== deleted) ?? null;
}

/** Assistant avatars (doc 3 §5): png, jpeg, gif, webp, at most avatarSizeLimit (2 MB when unset). */
export const ASSISTANT_AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function avatarProblem(
  file: { type: string; size: number },
  limit: number | null | undefined,
): boolean {
  return (
    !(ASSISTANT_AVATAR_TYPES as readonly string[]).includes(file.type) ||
    file.size > (limit || AVATAR_DEFAULT_SIZE_LIMIT)
  );
}
