import { en } from './en.ts';
import type { enAdmin } from './en-admin.ts';
import type { enAgentGallery } from './en-agent-gallery.ts';
import type { enAgents } from './en-agents.ts';
import type { enArtifactPreview } from './en-artifact-preview.ts';
import type { enArtifacts } from './en-artifacts.ts';
import type { enAssistants } from './en-assistants.ts';
import type { enAuth } from './en-auth.ts';
import type { enCodeRun } from './en-code-run.ts';
import type { enFiles } from './en-files.ts';
import type { enPromptUse } from './en-prompt-use.ts';
import type { enPrompts } from './en-prompts.ts';
import type { enTools } from './en-tools.ts';

/** Every key of the dictionary: the core (en.ts) and the lazy areas' files. */
export type TranslationKey =
  | keyof typeof en
  | keyof typeof enAuth
  | keyof typeof enAdmin
  | keyof typeof enAgents
  | keyof typeof enFiles
  | keyof typeof enAgentGallery
  | keyof typeof enAssistants
  | keyof typeof enTools
  | keyof typeof enArtifacts
  | keyof typeof enArtifactPreview
  | keyof typeof enCodeRun
  | keyof typeof enPromptUse
  | keyof typeof enPrompts;
export type TranslationVars = Record<string, string | number>;

const texts: Record<string, string> = { ...en };

/** An area's texts, registered when its module loads (en-auth.ts, en-admin.ts, en-files.ts, en-agents.ts). */
export function addTexts(part: Record<string, string>): void {
  Object.assign(texts, part);
}

/** Whether a key has a text now (api/errors.ts maps codes by rule). */
export function hasText(key: string): key is TranslationKey {
  return Object.hasOwn(texts, key);
}

/** Translate a key, filling `{{name}}` placeholders. Unknown variables stay visible. */
export function t(key: TranslationKey, vars?: TranslationVars): string {
  // A key of an area not loaded yet shows as itself (area-texts.test.ts keeps that from happening).
  const text = texts[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
