import { describe, expect, it } from 'vitest';
import { contentBuilder, partsText } from './content-builder.ts';

describe('contentBuilder', () => {
  it('merges consecutive deltas of one kind and opens a part when the kind changes', () => {
    const content = contentBuilder();
    content.add('think', 'Let me ');
    content.add('think', 'see.');
    content.add('text', 'Hel');
    content.add('text', 'lo');
    content.add('think', 'Hmm');
    content.add('text', '!');
    expect(content.parts).toEqual([
      { type: 'think', think: 'Let me see.' },
      { type: 'text', text: 'Hello' },
      { type: 'think', think: 'Hmm' },
      { type: 'text', text: '!' },
    ]);
    expect(partsText(content.parts)).toBe('Hello!');
  });

  it('continues a saved reply from its last part', () => {
    const content = contentBuilder([{ type: 'text', text: 'Once upon' }]);
    content.add('text', ' a time');
    expect(content.parts).toEqual([{ type: 'text', text: 'Once upon a time' }]);
  });
});
