import { type Conversation, DEFAULT_TITLE } from '@parley/schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { convo as fixtureConvo } from '../testing/fixtures.ts';
import { convoKeys, patchConvoInCaches } from './convos.ts';

const convo = (conversationId: string, title: string): Conversation =>
  fixtureConvo({ conversationId, title, updatedAt: 1 });

describe('patchConvoInCaches', () => {
  it('patches the detail and list copies, only those passing onlyIf', () => {
    const qc = new QueryClient();
    qc.setQueryData(convoKeys.detail('a'), convo('a', 'My rename'));
    qc.setQueryData(convoKeys.list(), {
      pages: [{ conversations: [convo('a', 'My rename'), convo('b', DEFAULT_TITLE)], nextCursor: null }],
      pageParams: [null],
    });
    const untitled = (c: Conversation) => c.title === DEFAULT_TITLE;
    patchConvoInCaches(qc, 'a', { title: 'Generated' }, untitled);
    patchConvoInCaches(qc, 'b', { title: 'Generated b' }, untitled);
    expect(qc.getQueryData<Conversation>(convoKeys.detail('a'))?.title).toBe('My rename');
    const list = qc.getQueryData<{ pages: { conversations: Conversation[] }[] }>(convoKeys.list());
    expect(list?.pages[0].conversations.map((c) => c.title)).toEqual(['My rename', 'Generated b']);
    patchConvoInCaches(qc, 'a', { title: 'Renamed again' });
    expect(qc.getQueryData<Conversation>(convoKeys.detail('a'))?.title).toBe('Renamed again');
  });
});
