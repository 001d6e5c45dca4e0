import type { ReactNode } from 'react';

/** An endpoint an agent may run on, as the app hands it in (the chat settings' options). */
export type ProviderOption = { name: string; label: string; models: string[] };

/** The model parameters form, composed in by the app (it belongs to the chat settings). */
export type RenderParameters = (p: {
  provider: string;
  model: string;
  values: Record<string, unknown>;
  onChange: (patch: Record<string, unknown>) => void;
  onReset: () => void;
}) => ReactNode;
