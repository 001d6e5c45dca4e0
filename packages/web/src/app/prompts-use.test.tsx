import type { PromptGroup } from '@parley/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '../api/auth.ts';
import { promptCommandKeys } from '../api/prompt-commands.ts';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { Composer } from '../features/chat/components/composer.tsx';
import { usePendingPrompt } from '../features/prompts-use/pending-prompt.ts';
import { matchesSlash } from '../features/prompts-use/slash-commands.ts';
import SlashPopover from '../features/prompts-use/slash-popover.tsx';
import VariablesDialog from '../features/prompts-use/variables-dialog.tsx';
import { SettingsDialog } from '../features/settings/settings-dialog.tsx';
import type { ComposerCommands } from '../lib/composer-commands.ts';
import { usePreferences } from '../store/preferences.ts';
import { useSession } from '../store/session.ts';
import { user } from '../testing/fixtures.ts';

/**
 * Using prompts as the chat screen composes them (issue 18 point 3): the chat composer with the
 * prompts feature's `/` popover (filter, keys, mouse, auto-send, blank prompts, blur), the
 * variables dialog, and Settings → Commands by permission.
 */

function group(name: string, command: string, text: string): PromptGroup {
  return {
    _id: `g-${command}`,
    name,
    oneliner: `${name} in one line`,
    category: 'misc',
    command,
    author: 'u1',
    authorName: 'Ada',
    productionId: `p-${command}`,
    productionPrompt: { prompt: text },
    numberOfGenerations: 0,
    projectIds: [],
    isPublic: false,
    sharedWithMe: false,
    canEdit: true,
    createdAt: 1,
    updatedAt: 1,
  };
}

const GROUPS = [
  group('Summarize', 'sum', 'Summarize this text.'),
  group('Code review', 'review', 'Review my {{language:ts|py}} code, {{who}}.'),
  group('Blank', 'blank', '   '),
  group('Greeting', 'hello', 'Hello, I am {{current_user}}.'),
];

/** The composer as the chat screen builds it, with the real popover (its chunk loaded already). */
const commands: ComposerCommands = { matches: matchesSlash, warm: () => {}, Popover: SlashPopover };

let uses: string[] = [];

function setup(groups: PromptGroup[] = GROUPS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(promptCommandKeys.all, groups);
  const onSend = vi.fn(() => true);
  render(
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Composer
          onSend={onSend}
          onStop={() => {}}
          generating={false}
          ready
          resetKey="k"
          draftKey="k"
          commands={commands}
        />
      </TooltipProvider>
    </QueryClientProvider>,
  );
  const input = screen.getByTestId('composer-input') as HTMLTextAreaElement;
  act(() => input.focus());
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const key = (k: string, extra: Record<string, unknown> = {}) =>
    fireEvent.keyDown(input, { key: k, ...extra });
  const options = () => screen.queryAllByTestId('prompt-option');
  const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent;
  return { input, onSend, type, key, options, selected };
}

describe('the / prompt popover', () => {
  beforeEach(() => {
    uses = [];
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    usePreferences.setState({ autoSendPrompts: false, slashCommand: true, enterToSend: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') uses.push(String(url));
        return new Response(JSON.stringify({ numberOfGenerations: 1 }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    usePendingPrompt.setState({ pending: null });
    vi.unstubAllGlobals();
  });

  it('opens on / at the start and filters by command or name as the user types', () => {
    const { type, options } = setup();
    type('hello /sum');
    expect(screen.queryByTestId('prompt-popover')).toBeNull();
    type('/');
    expect(options().map((o) => o.textContent)).toHaveLength(4);
    type('/rev');
    expect(options().map((o) => o.textContent)).toEqual(['Code reviewCode review in one line/review']);
    type('/greet');
    expect(options()).toHaveLength(1);
    type('/nothing-like-it');
    expect(options()).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('No prompts match');
    type('');
    expect(screen.queryByTestId('prompt-popover')).toBeNull();
  });

  it('moves with up and down (wrapping), and the text area names the highlighted option', () => {
    const { input, key, selected } = setup();
    fireEvent.change(input, { target: { value: '/' } });
    expect(selected()).toContain('Summarize');
    key('ArrowDown');
    expect(selected()).toContain('Code review');
    key('ArrowUp');
    key('ArrowUp');
    expect(selected()).toContain('Greeting');
    const active = input.getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.textContent).toContain('Greeting');
  });

  it('Enter inserts the production text when auto-send is off, and counts the use', () => {
    const { input, key, onSend } = setup();
    fireEvent.change(input, { target: { value: '/sum' } });
    key('Enter');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('Summarize this text.');
    expect(screen.queryByTestId('prompt-popover')).toBeNull();
    expect(uses).toEqual(['/api/prompts/groups/g-sum/use']);
  });

  it('Enter sends at once when auto-send is on; special variables are filled', () => {
    usePreferences.setState({ autoSendPrompts: true });
    const { input, key, onSend } = setup();
    fireEvent.change(input, { target: { value: '/hello' } });
    key('Tab');
    expect(onSend).toHaveBeenCalledWith('Hello, I am Ada.', undefined);
    expect(input.value).toBe('');
  });

  it('a click on a row uses that prompt', () => {
    const { input, options } = setup();
    fireEvent.change(input, { target: { value: '/' } });
    fireEvent.click(options()[0]);
    expect(input.value).toBe('Summarize this text.');
  });

  it('a blank prompt does nothing', () => {
    usePreferences.setState({ autoSendPrompts: true });
    const { input, key, onSend } = setup();
    fireEvent.change(input, { target: { value: '/blank' } });
    key('Enter');
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('/blank');
    expect(uses).toEqual([]);
  });

  it('Escape closes it until the text stops starting with /; Enter then sends the text', () => {
    const { input, key, type, onSend } = setup();
    type('/sum');
    key('Escape');
    expect(screen.queryByTestId('prompt-popover')).toBeNull();
    type('/summ');
    expect(screen.queryByTestId('prompt-popover')).toBeNull();
    key('Enter');
    expect(onSend).toHaveBeenCalledWith('/summ', undefined);
    type('');
    type('/');
    expect(screen.getByTestId('prompt-popover')).toBeTruthy();
    expect(input.value).toBe('/');
  });

  it('closes 150 ms after the text area loses focus', () => {
    vi.useFakeTimers();
    try {
      const { input, type } = setup();
      type('/');
      act(() => input.blur());
      act(() => vi.advanceTimersByTime(100));
      expect(screen.getByTestId('prompt-popover')).toBeTruthy();
      act(() => vi.advanceTimersByTime(60));
      expect(screen.queryByTestId('prompt-popover')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws a window of rows, not the whole list, for 1,000 prompts', () => {
    const many = Array.from({ length: 1000 }, (_, i) => group(`Prompt ${i}`, `cmd-${i}`, `text ${i}`));
    const { type, options, key, selected } = setup(many);
    const start = performance.now();
    type('/');
    const ms = performance.now() - start;
    console.log(`popover render with 1,000 prompts (happy-dom): ${ms.toFixed(1)} ms`);
    expect(options().length).toBeLessThanOrEqual(12);
    for (let i = 0; i < 10; i++) key('ArrowDown');
    expect(selected()).toContain('Prompt 10');
  });

  it('a prompt with variables opens the dialog instead', () => {
    const { input, key } = setup();
    fireEvent.change(input, { target: { value: '/review' } });
    key('Enter');
    expect(input.value).toBe('');
    const pending = usePendingPrompt.getState().pending;
    expect(pending?.prompt.name).toBe('Code review');
    expect(uses).toEqual([]);
    act(() => pending?.deliver('filled'));
    expect(input.value).toBe('filled');
  });
});

describe('the variables dialog', () => {
  beforeEach(() => {
    uses = [];
    useSession.setState({ status: 'authenticated', token: 't', user: user() });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        uses.push(String(url));
        return new Response('{}', { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const prompt = {
    groupId: 'g1',
    name: 'Mail',
    command: 'mail',
    oneliner: '',
    category: 'write',
    text: 'Dear {{who}}, a {{tone:formal|casual}} note from {{current_user}} on {{current_date}}. Bye {{who}}, {{extra}}',
    authorId: 'u1',
  };

  it('asks once per name, offers dropdown options, fills and highlights the preview, keeps empty ones', async () => {
    const deliver = vi.fn();
    const onClose = vi.fn();
    render(<VariablesDialog open prompt={prompt} deliver={deliver} onClose={onClose} />);
    const who = screen.getAllByTestId('prompt-variable-who');
    expect(who).toHaveLength(1);
    const tone = screen.getByTestId('prompt-variable-tone') as HTMLSelectElement;
    expect([...tone.options].map((o) => o.value)).toEqual(['', 'formal', 'casual']);
    expect(screen.getByTestId('prompt-variable-extra')).toBeTruthy();
    expect(screen.queryByTestId('prompt-variable-current_user')).toBeNull();

    fireEvent.change(who[0], { target: { value: 'Bob' } });
    fireEvent.change(tone, { target: { value: 'casual' } });
    const preview = screen.getByTestId('prompt-preview-text');
    const special = preview.querySelector('[data-variable="current_user"]');
    expect(special?.textContent).toBe('Ada');
    expect(special?.getAttribute('data-kind')).toBe('special');
    expect(preview.querySelector('[data-variable="current_date"]')?.textContent).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(preview.querySelector('[data-variable="extra"]')?.getAttribute('data-kind')).toBe('empty');

    fireEvent.click(screen.getByTestId('prompt-variables-submit'));
    expect(onClose).toHaveBeenCalled();
    const sent = deliver.mock.calls[0][0] as string;
    expect(sent).toMatch(/^Dear Bob, a casual note from Ada on \d{4}-\d{2}-\d{2}\. Bye Bob, \{\{extra\}\}$/);
    await waitFor(() => expect(uses).toEqual(['/api/prompts/groups/g1/use']));
  });
});

function withRole(promptsUse: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(authKeys.role('USER'), {
    name: 'USER',
    permissions: { PROMPTS: { USE: promptsUse, CREATE: true, SHARED_GLOBAL: false } },
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <TooltipProvider>{children}</TooltipProvider>
    </QueryClientProvider>
  );
}

describe('Settings → Commands', () => {
  beforeEach(() => useSession.setState({ status: 'authenticated', token: 't', user: user() }));
  afterEach(cleanup);

  it('shows Settings → Commands only with PROMPTS USE', () => {
    const Wrapper = withRole(true);
    render(
      <Wrapper>
        <SettingsDialog open onOpenChange={() => {}} />
      </Wrapper>,
    );
    expect(screen.getByTestId('settings-tab-commands')).toBeTruthy();
    cleanup();
    const Without = withRole(false);
    render(
      <Without>
        <SettingsDialog open onOpenChange={() => {}} />
      </Without>,
    );
    expect(screen.queryByTestId('settings-tab-commands')).toBeNull();
  });
});
