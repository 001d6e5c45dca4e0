import { describe, expect, it } from 'vitest';
import { toolCallStatus } from './tool-call-state.ts';

const NOW = 1_800_000_000_000;

describe('toolCallStatus', () => {
  it('runs below progress 1 while the reply is generating', () => {
    expect(toolCallStatus({ progress: 0.1 }, true, NOW)).toEqual({ state: 'running', needsAuth: false });
    expect(toolCallStatus({ progress: 0.99 }, true, NOW).state).toBe('running');
  });

  it('is finished at progress 1, generating or not', () => {
    expect(toolCallStatus({ progress: 1, output: 'Sunny' }, false, NOW).state).toBe('finished');
    expect(toolCallStatus({ progress: 1, output: 'Sunny' }, true, NOW).state).toBe('finished');
  });

  it('has failed when the run ended below progress 1', () => {
    expect(toolCallStatus({ progress: 0.5 }, false, NOW).state).toBe('error');
    expect(toolCallStatus({ progress: 0.1, output: '' }, false, NOW).state).toBe('error');
  });

  it("treats output containing 'error processing tool' as an error, in any case", () => {
    expect(
      toolCallStatus({ progress: 1, output: 'Error processing tool web_search: 502' }, false, NOW).state,
    ).toBe('error');
    expect(toolCallStatus({ progress: 1, output: 'ERROR PROCESSING TOOL' }, true, NOW).state).toBe('error');
    expect(toolCallStatus({ progress: 1, output: 'no error here' }, false, NOW).state).toBe('finished');
  });

  it('asks to sign in while an auth URL waits on an unfinished call', () => {
    const auth = 'https://auth.example.com/start';
    expect(toolCallStatus({ progress: 0.1, auth }, true, NOW)).toEqual({ state: 'running', needsAuth: true });
    expect(toolCallStatus({ progress: 0.1, auth }, false, NOW)).toEqual({ state: 'error', needsAuth: true });
    expect(toolCallStatus({ progress: 1, auth }, false, NOW).needsAuth).toBe(false);
    expect(toolCallStatus({ progress: 0.1, auth: '' }, true, NOW).needsAuth).toBe(false);
  });

  it('stops asking once the sign-in link expired (seconds or milliseconds)', () => {
    const auth = 'https://auth.example.com/start';
    expect(toolCallStatus({ progress: 0.1, auth, expiresAt: NOW + 60_000 }, true, NOW).needsAuth).toBe(true);
    expect(toolCallStatus({ progress: 0.1, auth, expiresAt: NOW - 1 }, true, NOW).needsAuth).toBe(false);
    expect(toolCallStatus({ progress: 0.1, auth, expiresAt: NOW / 1000 + 60 }, true, NOW).needsAuth).toBe(
      true,
    );
    expect(toolCallStatus({ progress: 0.1, auth, expiresAt: NOW / 1000 - 60 }, true, NOW).needsAuth).toBe(
      false,
    );
  });
});
