import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, postChat, readFrames, signUp, startTestApp, type TestApp } from './helpers.ts';

const YAML = `balance:
  enabled: true
  startBalance: 60
  rates:
    gpt-4o: { prompt: 1, completion: 2 }
`;

describe('token usage and balance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { yaml: YAML });
  });
  afterAll(async () => t?.close());

  it('starts at startBalance, charges each reply at the model rates and records transactions', async () => {
    const s = await signUp(t);
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.balance.enabled).toBe(true);
    const before = await (await fetch(`${t.base}/api/balance`, { headers: authed(s) })).json();
    expect(before.tokenCredits).toBe(60);

    const frames = await readFrames(await postChat(t, s, { text: 'hello' }));
    const final = frames.find((f) => 'final' in f.data)!.data as {
      responseMessage: { tokenCount: number };
      requestMessage: { messageId: string };
    };
    const after = await (await fetch(`${t.base}/api/balance`, { headers: authed(s) })).json();
    const rows = await t.app.ctx.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', s.userId)
      .execute();
    const prompt = rows.find((r) => r.token_type === 'prompt')!;
    const completion = rows.find((r) => r.token_type === 'completion')!;
    expect(prompt.rate).toBe(1);
    expect(completion.rate).toBe(2);
    expect(completion.raw_amount).toBe(final.responseMessage.tokenCount);
    expect(after.tokenCredits).toBe(60 + prompt.token_value + completion.token_value);
    const user = await t.app.ctx.db
      .selectFrom('messages')
      .select('token_count')
      .where('message_id', '=', final.requestMessage.messageId)
      .executeTakeFirst();
    expect(user?.token_count).toBe(prompt.raw_amount);
  });

  it('refuses a request once the balance is used up, with the spec error', async () => {
    const s = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await postChat(t, s, { text: `spend ${'words '.repeat(30)}` });
      if (res.status === 402) {
        const { error } = await res.json();
        expect(JSON.parse(error.message)).toEqual({ type: 'token_balance' });
        expect(error.details).toEqual({ type: 'token_balance' });
        return;
      }
      await readFrames(res);
    }
    throw new Error('the balance never ran out');
  });
});

describe('balance disabled', () => {
  it('answers 204 on /api/balance', async () => {
    const t = await startTestApp('sqlite');
    try {
      const s = await signUp(t);
      expect((await fetch(`${t.base}/api/balance`, { headers: authed(s) })).status).toBe(204);
    } finally {
      await t.close();
    }
  });
});
