import { ACTION_SPEC_VALID, type ActionValidateResult } from '@parley/schema';
import { useEffect, useState } from 'react';
import { validateActionSpec } from '../../api/agent-actions.ts';
import { ApiError } from '../../api/client.ts';

/** Doc 3 §5: the spec is parsed 800 ms after the last keystroke. */
export const SPEC_DEBOUNCE_MS = 800;

export type SpecCheck = { state: 'empty' | 'checking' } | { state: 'done'; result: ActionValidateResult };

/**
 * Checks the spec with the server's parser (POST /api/actions/validate) once typing pauses; a newer
 * spec aborts the older request so a slow answer cannot overwrite a fresh one.
 */
export function useSpecCheck(rawSpec: string): SpecCheck {
  const [check, setCheck] = useState<SpecCheck>({ state: 'empty' });
  useEffect(() => {
    if (!rawSpec.trim()) {
      setCheck({ state: 'empty' });
      return;
    }
    setCheck({ state: 'checking' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      validateActionSpec(rawSpec, abort.signal).then(
        (result) => setCheck({ state: 'done', result }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const message = error instanceof ApiError && error.message ? error.message : String(error);
          setCheck({ state: 'done', result: { status: false, message, functions: [] } });
        },
      );
    }, SPEC_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [rawSpec]);
  return check;
}

/** Save needs a valid spec with at least one function (doc 3 §5). */
export function specUsable(check: SpecCheck): check is { state: 'done'; result: ActionValidateResult } {
  return (
    check.state === 'done' &&
    check.result.status &&
    check.result.message === ACTION_SPEC_VALID &&
    check.result.functions.length > 0
  );
}
