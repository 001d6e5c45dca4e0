import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { t } from '../../../i18n/t.ts';
import type { ChatSettingsApi } from '../use-chat-settings.ts';
import { hasSettings, parseUrlSetup, URL_SETUP_ATTEMPTS, URL_SETUP_INTERVAL_MS } from './url-setup.ts';

/**
 * A chat link's query (doc 1 §2): read once, removed from the address, then applied once the
 * model lists are known — settings first, then the prompt, handed to `onPrompt` (the composer;
 * `submit` = send it at once).
 */
export function useUrlSetup(
  models: ChatSettingsApi,
  onPrompt: (text: string, submit: boolean) => void,
): void {
  const location = useLocation();
  const navigate = useNavigate();
  const [setup] = useState(() => parseUrlSetup(location.search));
  const latest = useRef(models);
  latest.current = models;
  const prompt = useRef(onPrompt);
  prompt.current = onPrompt;
  const applied = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is cleaned once, on mount
  useEffect(() => {
    if (setup) navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, []);

  useEffect(() => {
    if (!setup || applied.current) return;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const apply = async () => {
      const m = latest.current;
      const ready = m.state !== 'loading';
      if (!ready && ++attempts < URL_SETUP_ATTEMPTS) {
        timer = setTimeout(apply, URL_SETUP_INTERVAL_MS);
        return;
      }
      applied.current = true;
      const dropped = [...setup.unknown];
      if (hasSettings(setup) && ready) {
        const { resolveUrlSettings } = await import('./url-settings.ts');
        if (cancelled) return;
        const now = latest.current;
        const result = resolveUrlSettings(setup.settings, {
          options: now.options,
          specs: now.specs,
          current: now.settings,
        });
        dropped.push(...result.dropped);
        if (result.next) now.choose(result.next);
      } else if (hasSettings(setup)) dropped.push(...Object.keys(setup.settings));
      if (dropped.length > 0) {
        console.warn('Ignored link settings:', dropped.join(', '));
        toast.warning(t('com_ui_url_settings_dropped', { keys: dropped.join(', ') }));
      }
      if (setup.prompt) prompt.current(setup.prompt, setup.submit);
    };
    void apply();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [setup]);
}
