import type { ModelParameters } from '@parley/schema';
import type { ConversationRow, MessageRow } from '../db/schema.ts';
import type { EndpointDef } from '../providers/catalog.ts';
import type { RunAgent } from './agent/load.ts';

/** What one generation runs with, as submit.ts opened it; each pipeline step reads it. */
export interface RunContext {
  endpoint: EndpointDef;
  model: string;
  parameters: ModelParameters;
  conversation: ConversationRow;
  userMessage: MessageRow;
  placeholder: MessageRow;
  /** Continue (doc 3 §4): `placeholder` is the saved reply; new output is appended to it. */
  continued?: boolean;
  /** The reply is an agent's (endpoint `agents`): `endpoint`, `model` and `parameters` are its own. */
  agent?: RunAgent;
  /** The request's artifacts mode (plain chats and ephemeral agents; a saved agent has its own). */
  artifacts?: 'default' | 'shadcnui' | 'custom' | null;
  /** A reply paused for a tool approval resumes with the user's answer (chat/agent/approval.ts). */
  approval?: { toolCallId: string; approved: boolean };
}
