import { describe, expect, it } from 'vitest';
import type { MessageRow } from '../db/schema.ts';
import { buildContext } from './build-context.ts';

const row = (text: string, user: boolean, error = 0) =>
  ({ text, is_created_by_user: user ? 1 : 0, error }) as MessageRow;

describe('buildContext', () => {
  it("turns the branch into the model's turns, leaving out error replies and empty turns", () => {
    expect(
      buildContext([
        row('Hi', true),
        row('{"type":"rate_limit"}', false, 1),
        row('  ', false),
        row('Hello', false),
      ]),
    ).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'assistant', text: 'Hello' },
    ]);
  });
});
