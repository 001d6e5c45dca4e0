import type { ComponentType, KeyboardEvent } from 'react';

/**
 * A command popover the chat composer can host (the `/` prompt popover of doc 3 §2 Composer),
 * composed in app/ so the chat feature imports no other feature. The composer decides when it is
 * open (its text matches, the text area has focus or lost it under 150 ms ago, Escape was not
 * pressed); the popover decides what it lists and what a choice does.
 */
export type ComposerCommands = {
  /** Whether this composer text opens the popover. Runs on every keystroke: keep it cheap. */
  matches: (text: string) => boolean;
  /** Warm up the popover's code and data: the composer calls it when it gains focus or is typed in. */
  warm: (reason: 'focus' | 'input') => void;
  /** The popover, rendered above the text area while open. */
  Popover: ComponentType<ComposerPopoverProps>;
};

export type ComposerPopoverProps = {
  /** The composer text that opened it (e.g. `/sum`). */
  text: string;
  /** The popover's key handler; the composer asks it first and stops when it returns true. */
  keyHandler: { current: ((event: KeyboardEvent<HTMLTextAreaElement>) => boolean) | null };
  /** Closes the popover until the text stops matching (Escape). */
  dismiss: () => void;
  /** Replace the composer text and put the caret at its end. */
  insert: (text: string) => void;
  /** Send this text as a message (with the attached files); false when the chat cannot send now. */
  send: (text: string) => boolean;
  /** Give the text area the focus back (after a dialog). */
  focus: () => void;
  /** The id of the highlighted option, for the text area's aria-activedescendant. */
  setActiveId: (id: string | undefined) => void;
  /** The listbox's id, for the text area's aria-controls. */
  listId: string;
};

/** Doc 3 §9: the mention/prompt popover's rows, its height and its close delay after blur. */
export const COMMAND_POPOVER_ROW_PX = 40;
export const COMMAND_POPOVER_MAX_PX = 160;
export const COMMAND_POPOVER_BLUR_CLOSE_MS = 150;
