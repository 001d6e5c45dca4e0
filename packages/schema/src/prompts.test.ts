import { describe, expect, it } from 'vitest';
import {
  COMMANDS_MAX_LENGTH,
  fillPromptVariables,
  isBlankPrompt,
  normalizeCommand,
  PROMPT_ERROR_TEXT,
  promptVariables,
} from './prompt-rules.ts';
import { PromptCreateBody, PromptGroupUpdateBody } from './prompts.ts';

describe('prompt rules (doc 2 §5.9)', () => {
  it('normalises commands: lower case, spaces to hyphens, a-z 0-9 - only, capped', () => {
    expect(normalizeCommand('My Cmd! 2')).toBe('my-cmd-2');
    expect(normalizeCommand('x'.repeat(80))).toHaveLength(COMMANDS_MAX_LENGTH);
  });

  it('finds variables once, with dropdown options, leaving the special ones out', () => {
    const vars = promptVariables('{{a}} {{tone:formal|casual}} {{a}} {{current_date}} {{current_user}}');
    expect(vars).toEqual([
      { key: 'a', name: 'a', options: [] },
      { key: 'tone:formal|casual', name: 'tone', options: ['formal', 'casual'] },
    ]);
  });

  it('fills values; an empty value leaves the placeholder', () => {
    const text = 'Hi {{a}}, {{a}}! {{b}} on {{current_date}} by {{current_user}}';
    expect(fillPromptVariables(text, { a: 'x', b: '' }, { current_date: 'D', current_user: 'U' })).toBe(
      'Hi x, x! {{b}} on D by U',
    );
    expect(isBlankPrompt('  \n')).toBe(true);
  });

  it('names the missing name and text', () => {
    const r = PromptCreateBody.safeParse({ prompt: { prompt: ' ' }, group: { name: '' } });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toContainEqual(['prompt.prompt', PROMPT_ERROR_TEXT.textRequired]);
    expect(messages).toContainEqual(['group.name', PROMPT_ERROR_TEXT.nameRequired]);
    const missing = PromptCreateBody.safeParse({ prompt: {}, group: {} });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      PROMPT_ERROR_TEXT.textRequired,
      PROMPT_ERROR_TEXT.nameRequired,
    ]);
  });

  it('a partial update leaves unsent fields out and normalises the command', () => {
    expect(PromptGroupUpdateBody.parse({ command: 'Hello World' })).toEqual({ command: 'hello-world' });
  });
});
