import type { EphemeralAgent, ModelParameters } from '@parley/schema';

/**
 * What a chat is sent with: endpoint, model, optional model spec and the changed parameters. One
 * shape for the picker, the parameters panel, presets, chat links and the stream. It lives below
 * the features because two of them use it: features/chat-settings chooses it, features/chat sends
 * with it (features never import each other, STYLE §4).
 */
export type ChatSettings = {
  endpoint: string;
  /** The endpoint's type from the endpoints config (e.g. `custom`); filled in when the settings are read. */
  endpointType?: string;
  model: string;
  spec?: string | null;
  /** The agent a chat runs with (endpoint `agents`, doc 1 §2); the server runs the agent's own model. */
  agent_id?: string | null;
  params: Partial<ModelParameters>;
};

/**
 * Settings as sent: plus the label a reply shows until the server names its sender, and the
 * composer badges' tool toggles of this conversation (LibreChat's `ephemeralAgent`).
 */
export type SendSettings = ChatSettings & {
  label: string;
  ephemeralAgent?: EphemeralAgent;
  /** Settings → Artifacts as the request's `artifacts` mode (absent when off). */
  artifacts?: 'default' | 'shadcnui' | 'custom';
};
