import type { MessageFile } from '@parley/schema';
import { ArrowUp, Square } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { t } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import type { ComposerAttachments } from '../../../lib/composer-attachments.ts';
import {
  COMMAND_POPOVER_BLUR_CLOSE_MS,
  type ComposerCommands,
  type ComposerPopoverProps,
} from '../../../lib/composer-commands.ts';
import { usePreferences } from '../../../store/preferences.ts';
import { createDraftSaver, readDraftData } from '../drafts.ts';
import { useComposerBus } from '../store/composer.ts';

/** The text area grows with its content up to 45% of the viewport (doc 3 §2 Composer). */
const MAX_HEIGHT_VH = 0.45;

export type ComposerProps = {
  /** Returns true when the message was accepted (then the text and the files are cleared). */
  onSend: (text: string, files?: MessageFile[]) => boolean;
  onStop: () => void;
  /** A reply is being generated in this conversation. */
  generating: boolean;
  /** An endpoint and model are selected. */
  ready: boolean;
  /** Warm up what the first reply will need (the message list chunk). */
  onFirstInput?: () => void;
  autoFocus?: boolean;
  /** Changes when the conversation changes: the composer refocuses and shows that chat's draft. */
  resetKey: string;
  /** Where the draft is kept ('new' for a new chat); drafts are off when saveDrafts is. */
  draftKey: string;
  /** The files feature's attach button, chips and uploads (composed in app/). */
  attachments?: ComposerAttachments;
  /** The tools badge row, after the attach button (composed in app/). */
  badges?: ReactNode;
  /** The `/` prompt popover (the prompts feature, composed in app/); absent when it is off. */
  commands?: ComposerCommands | null;
};

export function Composer({
  onSend,
  onStop,
  generating,
  ready,
  onFirstInput,
  autoFocus,
  resetKey,
  draftKey,
  attachments,
  badges,
  commands,
}: ComposerProps) {
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const warmed = useRef(false);
  const enterToSend = usePreferences((s) => s.enterToSend);
  const saveDrafts = usePreferences((s) => s.saveDrafts);
  const [saver] = useState(createDraftSaver);
  // Leaving a chat (the composer unmounts) keeps the last keystrokes.
  useEffect(() => () => saver.flush(), [saver]);
  const prefill = useComposerBus((s) => s.prefill);

  const resize = useCallback(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const max = Math.max(window.innerHeight * MAX_HEIGHT_VH, 52);
    el.style.height = `${Math.min(el.scrollHeight, max)}px`;
    el.style.overflowY = el.scrollHeight > max ? 'auto' : 'hidden';
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(resize, [text, resize]);

  useEffect(() => {
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, [resize]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on conversation change only
  useEffect(() => {
    const draft = saveDrafts ? readDraftData(draftKey) : null;
    setText(draft?.text ?? '');
    if (draft && draft.files.length > 0) attachments?.restore(draft.files);
    if (autoFocus && window.matchMedia?.('(pointer: fine)').matches) area.current?.focus();
  }, [resetKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: acts once per prefill request
  useEffect(() => {
    if (!prefill) return;
    // Consume the request so a composer mounted later does not apply it again.
    useComposerBus.setState({ prefill: null });
    if (prefill.submit && ready && !generating && prefill.text.trim() && onSend(prefill.text.trim())) {
      if (!prefill.keep) setText('');
      return;
    }
    // A prompt card adds its text under what is typed (on a line of its own).
    const next = prefill.keep && text.trim() ? `${text.trimEnd()}\n${prefill.text}` : prefill.text;
    setText(next);
    const el = area.current;
    if (!el) return;
    el.focus();
    requestAnimationFrame(() => el.setSelectionRange(next.length, next.length));
  }, [prefill]);

  // The command popover: open while the text matches, the text area has focus (or lost it less
  // than 150 ms ago, so a click on a row lands) and Escape has not dismissed it (doc 3 §2, §9).
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popoverKeys = useRef<ComposerPopoverProps['keyHandler']['current']>(null);
  const listId = useId();
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  // Focus warms the popover up, also when it arrives after the focus (permissions load later).
  useEffect(() => {
    if (focused) commands?.warm('focus');
  }, [focused, commands]);
  const matching = !!commands && commands.matches(text);
  // Escape holds until the text stops matching (typed away, sent, or cleared).
  if (dismissed && !matching) setDismissed(false);
  const popoverOpen = matching && focused && !dismissed;

  const trimmed = text.trim();
  const uploading = attachments?.busy ?? false;
  // Send waits while files upload (doc 3 Composer), a reply is generating or nothing is typed.
  const canSend = trimmed.length > 0 && !generating && ready && !uploading;

  // A file added or removed is part of the draft (doc 1 §3 Drafts).
  const fileIds = attachments?.fileIds;
  const fileKey = fileIds?.join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: saves when the set of files changes
  useEffect(() => {
    if (saveDrafts && fileIds && text) saver.schedule(draftKey, text, [...fileIds]);
  }, [fileKey]);

  const sendText = (value: string): boolean => {
    // Sends are ignored while a reply is generating or nothing is typed (doc 1 §4).
    const message = value.trim();
    if (!message || generating || !ready || uploading) return false;
    if (!onSend(message, attachments?.files())) return false;
    setText('');
    attachments?.clear();
    saver.clearAfterSend(draftKey);
    return true;
  };

  const submit = () => {
    if (canSend) sendText(text);
  };
  // A prompt's variables dialog may send after the popover closed: it reaches the latest state.
  const sendLatest = useRef(sendText);
  sendLatest.current = sendText;

  const focusEnd = (length: number) => {
    const el = area.current;
    if (!el) return;
    el.focus();
    requestAnimationFrame(() => el.setSelectionRange(length, length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!event.nativeEvent.isComposing) commands?.warm('input');
    if (popoverOpen && popoverKeys.current?.(event)) {
      event.preventDefault();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (enterToSend || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      submit();
    }
  };

  const onChange = (value: string) => {
    setText(value);
    if (saveDrafts) saver.schedule(draftKey, value, [...(attachments?.fileIds ?? [])]);
    if (!warmed.current && value) {
      warmed.current = true;
      onFirstInput?.();
    }
  };

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
      className={cn(
        'relative flex w-full flex-col rounded-[26px] border border-border bg-composer shadow-[0_4px_16px_-6px_rgb(0_0_0/0.08)] transition-colors',
        'focus-within:border-input dark:shadow-none',
      )}
    >
      {attachments?.area}
      {popoverOpen && commands ? (
        <Suspense fallback={null}>
          <commands.Popover
            text={text}
            keyHandler={popoverKeys}
            dismiss={() => setDismissed(true)}
            insert={(value) => {
              onChange(value);
              focusEnd(value.length);
            }}
            send={(value) => sendLatest.current(value)}
            focus={() => area.current?.focus()}
            setActiveId={setActiveId}
            listId={listId}
          />
        </Suspense>
      ) : null}
      <label htmlFor="composer-input" className="sr-only">
        {t('com_ui_composer_label')}
      </label>
      <textarea
        id="composer-input"
        ref={area}
        data-testid="composer-input"
        rows={1}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setFocused(true);
        }}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => setFocused(false), COMMAND_POPOVER_BLUR_CLOSE_MS);
        }}
        aria-autocomplete={commands ? 'list' : undefined}
        aria-controls={popoverOpen ? listId : undefined}
        aria-activedescendant={popoverOpen ? activeId : undefined}
        placeholder={t('com_ui_message_placeholder_generic')}
        enterKeyHint={enterToSend ? 'send' : 'enter'}
        className="block max-h-[45vh] min-h-[52px] w-full resize-none bg-transparent px-5 pb-1 pt-[15px] text-base leading-6 outline-none placeholder:text-muted-foreground"
      />
      <div className="flex items-center justify-end gap-2 px-3 pb-3 pt-1">
        {attachments || badges ? (
          <div className="mr-auto flex min-w-0 items-center gap-1">
            {attachments?.button}
            {badges}
          </div>
        ) : null}
        {generating ? (
          <Tooltip content={t('com_ui_stop')}>
            <button
              type="button"
              onClick={onStop}
              data-testid="stop-button"
              aria-label={t('com_ui_stop')}
              className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground transition-opacity hover:opacity-85 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-composer"
            >
              <Square className="size-3.5 fill-current" />
            </button>
          </Tooltip>
        ) : (
          <button
            type="submit"
            disabled={!canSend}
            data-testid="send-button"
            aria-label={t('com_ui_send_message')}
            className="inline-flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground transition-opacity hover:opacity-85 disabled:cursor-not-allowed disabled:opacity-25 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-composer"
          >
            <ArrowUp className="size-5" strokeWidth={2.25} />
          </button>
        )}
      </div>
    </form>
  );
}
