/**
 * Models the endpoints advertise whose name picks a behaviour (providers.md §10.3 step 4): choosing
 * `fake-think` in the UI gives a reasoning reply. Any `fake-<scenario>` works; these are listed.
 */
export const SCENARIO_MODELS = [
  'fake-echo',
  'fake-think',
  'fake-think-then-answer',
  'fake-slow',
  'fake-long',
  'fake-tool-weather',
  'fake-401',
  'fake-429',
  'fake-429-then-ok',
  'fake-quota',
  'fake-context-length',
  'fake-error',
  'fake-overloaded',
  'fake-midstream-error',
  'fake-disconnect',
  'fake-stall',
] as const;

/** `fake-slow` → `slow`; Ollama-style tags (`:latest`) are ignored. */
export function scenarioFromModel(model: string): string | undefined {
  const m = /^fake-(.+?)(?::[\w.-]+)?$/.exec(model);
  return m ? m[1] : undefined;
}
