import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;

/**
 * A valid code for a step newer than the last one used (the server refuses replays): the current or
 * the next step, both inside the ±1 window; waits for the next step when both are spent.
 */
export async function freshCode(secret: string, state: { last: number }): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / STEP_MS);
    const step = [current, current + 1].find((s) => s > state.last);
    if (step !== undefined) {
      state.last = step;
      return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * STEP_MS + 1 });
    }
    await new Promise((r) => setTimeout(r, (current + 1) * STEP_MS - Date.now() + 50));
  }
}

/** enable + verify + confirm over HTTP; returns the TOTP secret and the backup codes. */
export async function turnOnTwoFactor(base: string, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/auth/2fa/enable`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  if (res.status !== 200) throw new Error(`2fa enable: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { otpauthUrl: string; backupCodes: string[] };
  const secret = new URL(body.otpauthUrl).searchParams.get('secret')!;
  const state = { last: 0 };
  const code = await freshCode(secret, state);
  for (const step of ['verify', 'confirm']) {
    const r = await fetch(`${base}/api/auth/2fa/${step}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ token: code }),
    });
    if (r.status !== 200) throw new Error(`2fa ${step}: ${r.status} ${await r.text()}`);
  }
  return { secret, backupCodes: body.backupCodes, state };
}
