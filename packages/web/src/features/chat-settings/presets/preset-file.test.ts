import type { Preset } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { presetFileName, presetFromFile, presetToFile } from './preset-file.ts';

const preset: Preset = {
  presetId: 'p1',
  title: 'Careful writer',
  endpoint: 'anthropic',
  model: 'claude-sonnet-4-5',
  temperature: 0.2,
  stop: ['END'],
  spec: null,
  createdAt: 1,
  updatedAt: 2,
};

describe('preset files', () => {
  it('round-trips settings without ids', () => {
    const text = presetToFile(preset);
    expect(JSON.parse(text)).not.toHaveProperty('presetId');
    expect(presetFromFile(text)).toEqual({
      title: 'Careful writer',
      endpoint: 'anthropic',
      model: 'claude-sonnet-4-5',
      temperature: 0.2,
      stop: ['END'],
    });
  });
  it('reads a LibreChat export, ignoring unknown fields, defaulting the title', () => {
    const body = presetFromFile(
      JSON.stringify({
        presetId: 'x',
        endpoint: 'openAI',
        model: 'gpt-4o',
        top_p: 0.5,
        user: 'u1',
        _id: 'm',
      }),
    );
    expect(body).toEqual({ endpoint: 'openAI', model: 'gpt-4o', top_p: 0.5, title: 'My Preset' });
  });
  it('rejects files that are not presets', () => {
    expect(presetFromFile('not json')).toBeNull();
    expect(presetFromFile('[]')).toBeNull();
    expect(presetFromFile('{"model":"gpt-4o"}')).toBeNull();
  });
  it('makes a safe file name', () => {
    expect(presetFileName('My / preset: v2')).toBe('My_preset_v2.json');
    expect(presetFileName('   ')).toBe('preset.json');
  });
});
