import {
  ACTION_DELIMITER,
  AGENT_CHAIN_MAX,
  AGENT_DESCRIPTION_MAX,
  AGENT_NAME_MAX,
  type Agent,
  type AgentCreateBody,
  type AgentToolResources,
  type AgentUpdateBody,
  CONVO_STARTER_MAX_LENGTH,
  CONVO_STARTERS_MAX,
  SystemRoles,
} from '@parley/schema';
import '../../i18n/en-agents.ts';

/**
 * The agent builder's rules (doc 3 §4, §5, §6) as plain functions: the form's values, what a
 * save sends, validation, who may edit or share, the provider switch and the chain picker.
 */

export type ArtifactsMode = '' | 'default' | 'shadcnui' | 'custom';

export type AgentForm = {
  /** Null while the agent is new (not created yet). */
  id: string | null;
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  model_parameters: Record<string, unknown>;
  tools: string[];
  require_approval: string[];
  agent_ids: string[];
  end_after_tools: boolean;
  hide_sequential_outputs: boolean;
  recursion_limit: number | null;
  artifacts: ArtifactsMode;
  conversation_starters: string[];
  category: AgentCreateBody['category'];
  tool_resources: AgentToolResources;
};

export function emptyForm(): AgentForm {
  return {
    id: null,
    name: '',
    description: '',
    instructions: '',
    provider: '',
    model: '',
    model_parameters: {},
    tools: [],
    require_approval: [],
    agent_ids: [],
    end_after_tools: false,
    hide_sequential_outputs: false,
    recursion_limit: null,
    artifacts: '',
    conversation_starters: [],
    category: 'general',
    tool_resources: {},
  };
}

/** Selecting an existing agent loads it into the form (doc 3 §4). */
export function formFromAgent(agent: Agent): AgentForm {
  return {
    id: agent.id,
    name: agent.name ?? '',
    description: agent.description ?? '',
    instructions: agent.instructions ?? '',
    provider: agent.provider,
    model: agent.model,
    model_parameters: { ...agent.model_parameters },
    tools: [...agent.tools],
    require_approval: [...agent.require_approval],
    agent_ids: [...agent.agent_ids],
    end_after_tools: agent.end_after_tools,
    hide_sequential_outputs: agent.hide_sequential_outputs,
    recursion_limit: agent.recursion_limit,
    artifacts: agent.artifacts,
    conversation_starters: [...agent.conversation_starters],
    category: agent.category,
    tool_resources: agent.tool_resources,
  };
}

/** The builder fields a create or update sends (doc 3 §7); empty starters are dropped. */
export function formBody(form: AgentForm): AgentCreateBody {
  return {
    name: form.name.trim() || null,
    description: form.description.trim() || null,
    instructions: form.instructions,
    provider: form.provider,
    model: form.model,
    model_parameters: form.model_parameters,
    tools: form.tools,
    // Approval only means something for a tool the agent has.
    require_approval: form.require_approval.filter((k) => form.tools.includes(k)),
    agent_ids: form.agent_ids.filter((id) => id !== form.id).slice(0, AGENT_CHAIN_MAX),
    end_after_tools: form.end_after_tools,
    hide_sequential_outputs: form.hide_sequential_outputs,
    recursion_limit: form.recursion_limit,
    artifacts: form.artifacts,
    tool_resources: form.tool_resources,
    conversation_starters: form.conversation_starters.map((s) => s.trim()).filter(Boolean),
    category: form.category,
    kind: 'agent',
    append_current_datetime: false,
  };
}

export type FormErrors = Partial<Record<'instructions' | 'name' | 'description' | 'model', string>>;

/**
 * Field errors as i18n keys (doc 3 §5): instructions required, name ≤ 256, description ≤ 512,
 * provider and model both needed (the builder shows that one as a toast).
 */
export function validateForm(form: AgentForm): FormErrors {
  const errors: FormErrors = {};
  if (form.instructions.trim() === '') errors.instructions = 'com_ui_field_required';
  if (form.name.length > AGENT_NAME_MAX) errors.name = 'com_agents_name_too_long';
  if (form.description.length > AGENT_DESCRIPTION_MAX) errors.description = 'com_agents_description_too_long';
  if (!form.provider || !form.model) errors.model = 'com_agents_missing_provider_model';
  return errors;
}

export type Viewer = { id: string; role: string } | null | undefined;

const isAdmin = (viewer: Viewer) => viewer?.role === SystemRoles.ADMIN;

/** doc 3 §4: editable when collaborative, or the viewer is the author or an admin, or it is new. */
export function canEditAgent(agent: Agent | null | undefined, viewer: Viewer): boolean {
  if (!agent) return true;
  return agent.isCollaborative || agent.author === viewer?.id || isAdmin(viewer);
}

/** doc 3 §6: the share button is for the author, or an admin who also holds SHARED_GLOBAL. */
export function canShareAgent(
  agent: Agent | null | undefined,
  viewer: Viewer,
  sharedGlobal: boolean,
): boolean {
  if (!agent || !viewer) return false;
  return agent.author === viewer.id || (isAdmin(viewer) && sharedGlobal);
}

/** doc 3 §6: duplicate is shown to the author only. */
export function canDuplicateAgent(agent: Agent | null | undefined, viewer: Viewer): boolean {
  return !!agent && agent.author === viewer?.id;
}

// ── Sharing (doc 3 §4) ─────────────────────────────────────────────────────────────────────────

export type Sharing = { shared: boolean; collaborative: boolean };

export function sharingOf(agent: Agent, instanceProjectId: string): Sharing {
  return { shared: agent.projectIds.includes(instanceProjectId), collaborative: agent.isCollaborative };
}

/** Turning sharing off also turns collaborative editing off. */
export function setShared(sharing: Sharing, shared: boolean): Sharing {
  return { shared, collaborative: shared ? sharing.collaborative : false };
}

/** Allow-editing can be toggled only while shared. */
export function setCollaborative(sharing: Sharing, collaborative: boolean): Sharing {
  return sharing.shared ? { ...sharing, collaborative } : sharing;
}

/** The update that applies a sharing choice: sharing to all adds the instance project. */
export function sharingPatch(agent: Agent, sharing: Sharing, instanceProjectId: string): AgentUpdateBody {
  const others = agent.projectIds.filter((p) => p !== instanceProjectId);
  return {
    projectIds: sharing.shared ? [...others, instanceProjectId] : others,
    isCollaborative: sharing.shared && sharing.collaborative,
  };
}

// ── Model (doc 3 §4, §9) ───────────────────────────────────────────────────────────────────────

/** Endpoints an agent may never run on (doc 3 §9 "Other"). */
const NOT_PROVIDERS = new Set(['agents', 'chatGPTBrowser', 'gptPlugins', 'assistants', 'azureAssistants']);

/** The provider list: configured endpoints minus the excluded ones, filtered by allowedProviders. */
export function agentProviders<T extends { name: string }>(
  options: readonly T[],
  allowed: readonly string[] | undefined,
): T[] {
  const allow = allowed?.length ? new Set(allowed.map((a) => a.toLowerCase())) : null;
  return options.filter((o) => !NOT_PROVIDERS.has(o.name) && (!allow || allow.has(o.name.toLowerCase())));
}

/**
 * Switching provider keeps the model when the new provider offers it, else takes the provider's
 * first model; parameters belong to the old provider, so they go.
 */
export function switchProvider(form: AgentForm, provider: string, models: readonly string[]): AgentForm {
  if (provider === form.provider) return form;
  const model = models.includes(form.model) ? form.model : (models[0] ?? '');
  return { ...form, provider, model, model_parameters: {} };
}

/** A recursion limit within 1..max; empty means the server's default. */
export function boundRecursion(value: string, max: number): number | null {
  if (value.trim() === '') return null;
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(n, 1), max);
}

// ── Chain (doc 3 §5) ───────────────────────────────────────────────────────────────────────────

/** Agents offered for the chain: never the current one, nor one already in it. */
export function chainChoices<T extends { id: string }>(agents: readonly T[], form: AgentForm): T[] {
  return agents.filter((a) => a.id !== form.id && !form.agent_ids.includes(a.id));
}

export const chainFull = (form: AgentForm) => form.agent_ids.length >= AGENT_CHAIN_MAX;

export function addToChain(form: AgentForm, id: string): AgentForm {
  if (chainFull(form) || id === form.id) return form;
  return { ...form, agent_ids: [...form.agent_ids, id] };
}

export function removeFromChain(form: AgentForm, index: number): AgentForm {
  return { ...form, agent_ids: form.agent_ids.filter((_, i) => i !== index) };
}

// ── Conversation starters (beyond the spec for agents; the assistants' limits) ─────────────────

export const canAddStarter = (form: AgentForm) => form.conversation_starters.length < CONVO_STARTERS_MAX;

export function setStarter(form: AgentForm, index: number, text: string): AgentForm {
  const starters = [...form.conversation_starters];
  starters[index] = text.slice(0, CONVO_STARTER_MAX_LENGTH);
  return { ...form, conversation_starters: starters };
}

export function addStarter(form: AgentForm): AgentForm {
  return canAddStarter(form) ? { ...form, conversation_starters: [...form.conversation_starters, ''] } : form;
}

export function removeStarter(form: AgentForm, index: number): AgentForm {
  return { ...form, conversation_starters: form.conversation_starters.filter((_, i) => i !== index) };
}

// ── Tools ──────────────────────────────────────────────────────────────────────────────────────

export function toggleTool(form: AgentForm, key: string, on: boolean): AgentForm {
  const tools = on ? [...new Set([...form.tools, key])] : form.tools.filter((k) => k !== key);
  const require_approval = on ? form.require_approval : form.require_approval.filter((k) => k !== key);
  return { ...form, tools, require_approval };
}

export function toggleApproval(form: AgentForm, key: string, on: boolean): AgentForm {
  if (on && !form.tools.includes(key)) return form;
  const require_approval = on
    ? [...new Set([...form.require_approval, key])]
    : form.require_approval.filter((k) => k !== key);
  return { ...form, require_approval };
}

/** After a delete: the first remaining agent, or null (the conversation's agent id is cleared). */
export function nextAfterDelete<T extends { id: string }>(agents: readonly T[], deletedId: string): T | null {
  return agents.find((a) => a.id !== deletedId) ?? null;
}

// ── Actions ────────────────────────────────────────────────────────────────────────────────────

const isActionTool = (key: string) => key.includes(ACTION_DELIMITER);

/**
 * An action save or delete changed the stored agent's tools. The form takes the action tools from
 * the saved agent (or drops a deleted action's) and keeps its own unsaved edits of the others, so a
 * later builder save neither loses the action's tools nor brings back a deleted action's.
 */
export function withActionTools(form: AgentForm, agent?: Agent, removedTools: string[] = []): AgentForm {
  const removed = new Set(removedTools);
  let tools = form.tools.filter((k) => !removed.has(k));
  let require_approval = form.require_approval.filter((k) => !removed.has(k));
  if (agent) {
    tools = [...tools.filter((k) => !isActionTool(k)), ...agent.tools.filter(isActionTool)];
    require_approval = [
      ...require_approval.filter((k) => !isActionTool(k)),
      ...agent.require_approval.filter(isActionTool),
    ];
  }
  return { ...form, tools, require_approval };
}
