/** localStorage / sessionStorage access that never throws (private mode, quota, disabled storage). */
function safe(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string, kind: 'local' | 'session' = 'local'): T | null {
  const raw = safe(kind)?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, kind: 'local' | 'session' = 'local'): void {
  try {
    safe(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value simply is not remembered.
  }
}

export function removeKey(key: string, kind: 'local' | 'session' = 'local'): void {
  try {
    safe(kind)?.removeItem(key);
  } catch {
    // ignore
  }
}

/** Remove every key that starts with `prefix`. */
export function removeKeysWithPrefix(prefix: string, kind: 'local' | 'session' = 'local'): void {
  const store = safe(kind);
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string =>
      Boolean(k?.startsWith(prefix)),
    );
    for (const k of keys) store.removeItem(k);
  } catch {
    // ignore
  }
}
