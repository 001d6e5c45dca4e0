import type { Preferences } from '../../store/preferences.ts';

export type ArtifactsPrefs = Pick<Preferences, 'codeArtifacts' | 'includeShadcnui' | 'customPromptMode'>;
export type ArtifactsKey = keyof ArtifactsPrefs;

/**
 * Settings → Artifacts interlocks (doc 3 §4): turning code artifacts off also turns off shadcn
 * inclusion and custom prompt mode; custom prompt mode on turns shadcn off.
 */
export function artifactsChange(key: ArtifactsKey, value: boolean): Partial<ArtifactsPrefs> {
  if (key === 'codeArtifacts' && !value)
    return { codeArtifacts: false, includeShadcnui: false, customPromptMode: false };
  if (key === 'customPromptMode' && value) return { customPromptMode: true, includeShadcnui: false };
  return { [key]: value };
}

/** The sub-options need code artifacts on; shadcn is disabled while custom prompt mode is on. */
export function artifactsDisabled(prefs: ArtifactsPrefs, key: ArtifactsKey): boolean {
  if (key === 'codeArtifacts') return false;
  if (!prefs.codeArtifacts) return true;
  return key === 'includeShadcnui' && prefs.customPromptMode;
}
