import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, sanitizePreferences, usePreferences } from './preferences.ts';

const STORAGE_KEY = 'preferences';

function stored(): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').state;
}

describe('preference defaults', () => {
  it('follows doc 1 §9 and LibreChat for the keys the spec lists', () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({
      enterToSend: true,
      autoScroll: false,
      fontSize: 'text-base',
      chatDirection: 'LTR',
      saveDrafts: true,
      showScrollButton: true,
      modularChat: true,
      LaTeXParsing: true,
      lang: 'en-US',
      enableUserMsgMarkdown: true,
      maximizeChatSpace: false,
      centerFormOnLanding: true,
      hideSidePanel: false,
      showCode: false,
      theme: 'system',
    });
  });
});

describe('sanitizePreferences', () => {
  it('keeps known keys with valid values', () => {
    expect(
      sanitizePreferences({
        fontSize: 'text-xl',
        maximizeChatSpace: true,
        showThinking: null,
        lang: 'en-US',
      }),
    ).toEqual({ fontSize: 'text-xl', maximizeChatSpace: true, showThinking: null, lang: 'en-US' });
  });

  it('drops unknown keys', () => {
    expect(sanitizePreferences({ evil: '<script>', __proto__x: 1, enterToSend: false })).toEqual({
      enterToSend: false,
    });
  });

  it('drops values of the wrong type or outside their choices', () => {
    expect(
      sanitizePreferences({
        fontSize: 'text-9xl',
        chatDirection: 'up',
        theme: 'neon',
        lang: 'fr-FR',
        autoScroll: 'yes',
        hideSidePanel: 1,
        forkSetting: 'everything',
        showThinking: 'sometimes',
      }),
    ).toEqual({});
  });

  it('ignores a stored value that is not an object', () => {
    expect(sanitizePreferences(null)).toEqual({});
    expect(sanitizePreferences('junk')).toEqual({});
  });
});

describe('usePreferences persistence', () => {
  beforeEach(() => {
    localStorage.clear();
    usePreferences.setState(DEFAULT_PREFERENCES);
  });

  it('writes each preference under its spec key', () => {
    usePreferences.getState().setPreference('maximizeChatSpace', true);
    usePreferences.getState().setPreference('enableUserMsgMarkdown', false);
    const state = stored();
    expect(state.maximizeChatSpace).toBe(true);
    expect(state.enableUserMsgMarkdown).toBe(false);
    expect(Object.keys(state).sort()).toEqual(Object.keys(DEFAULT_PREFERENCES).sort());
  });

  it('rehydrates valid values and drops junk from storage', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: { fontSize: 'text-lg', centerFormOnLanding: false, fontWeight: 'bold', theme: 'neon' },
        version: 1,
      }),
    );
    await usePreferences.persist.rehydrate();
    const state = usePreferences.getState() as unknown as Record<string, unknown>;
    expect(state.fontSize).toBe('text-lg');
    expect(state.centerFormOnLanding).toBe(false);
    expect(state.theme).toBe('system');
    expect('fontWeight' in state).toBe(false);
  });
});
