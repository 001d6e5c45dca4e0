import { COPY_FEEDBACK_MS } from '@parley/schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard.ts';

/** Copy with a 3 s "Copied" state (doc 3 §9). */
export function useCopy(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback((text: string) => {
    void copyText(text).then((ok) => {
      if (!ok) return;
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    });
  }, []);
  return { copied, copy };
}
