import { describe, expect, it } from 'vitest';
import { artifactsModeOf } from '../../store/preferences.ts';
import { artifactsChange, artifactsDisabled } from './artifacts-settings.ts';

describe('Settings → Artifacts interlocks', () => {
  it('turning code artifacts off turns the other two off', () => {
    expect(artifactsChange('codeArtifacts', false)).toEqual({
      codeArtifacts: false,
      includeShadcnui: false,
      customPromptMode: false,
    });
    expect(artifactsChange('codeArtifacts', true)).toEqual({ codeArtifacts: true });
  });

  it('custom prompt mode on turns shadcn off, and shadcn is disabled while it is on', () => {
    expect(artifactsChange('customPromptMode', true)).toEqual({
      customPromptMode: true,
      includeShadcnui: false,
    });
    const on = { codeArtifacts: true, includeShadcnui: false, customPromptMode: true };
    expect(artifactsDisabled(on, 'includeShadcnui')).toBe(true);
    expect(artifactsDisabled({ ...on, customPromptMode: false }, 'includeShadcnui')).toBe(false);
    expect(artifactsDisabled({ ...on, codeArtifacts: false }, 'customPromptMode')).toBe(true);
    expect(artifactsDisabled({ ...on, codeArtifacts: false }, 'codeArtifacts')).toBe(false);
  });

  it('maps to the request mode', () => {
    const off = { codeArtifacts: false, includeShadcnui: true, customPromptMode: true };
    expect(artifactsModeOf(off)).toBeUndefined();
    expect(artifactsModeOf({ ...off, codeArtifacts: true })).toBe('custom');
    expect(artifactsModeOf({ codeArtifacts: true, includeShadcnui: true, customPromptMode: false })).toBe(
      'shadcnui',
    );
    expect(artifactsModeOf({ codeArtifacts: true, includeShadcnui: false, customPromptMode: false })).toBe(
      'default',
    );
  });
});
