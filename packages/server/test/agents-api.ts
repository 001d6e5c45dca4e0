import { paths } from '@parley/schema';
import { expect } from 'vitest';
import { authed, type Session, type TestApp } from './helpers.ts';

/** A valid agent body on the fake OpenAI endpoint. */
export const agentBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Helper',
  description: 'Helps',
  instructions: 'Be helpful.',
  provider: 'openAI',
  model: 'gpt-4o',
  ...extra,
});

/** The agents API as the tests call it. */
export function agentApi(t: TestApp) {
  const call = (s: Session, method: string, p: string, body?: unknown) =>
    fetch(`${t.base}${p}`, {
      method,
      headers: body === undefined ? { authorization: `Bearer ${s.token}` } : authed(s),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const create = async (s: Session, extra: Record<string, unknown> = {}) => {
    const res = await call(s, 'POST', paths.agents, agentBody(extra));
    expect(res.status, await res.clone().text()).toBe(201);
    return res.json();
  };
  return { call, create };
}
