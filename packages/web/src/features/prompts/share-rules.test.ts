import { describe, expect, it } from 'vitest';
import { shareAllPatch } from './share-rules.ts';
import { exportFileName, parseImportFile } from './transfer.ts';

describe('share with all users (doc 2 §3.5, §5.9)', () => {
  it('adds or removes the instance project', () => {
    expect(shareAllPatch(false, true, 'instance')).toEqual({ projectIds: ['instance'] });
    expect(shareAllPatch(true, false, 'instance')).toEqual({ removeProjectIds: ['instance'] });
  });

  it("says 'already shared' when submitted on for a shared group, and sends nothing", () => {
    expect(shareAllPatch(true, true, 'instance')).toBe('already');
  });

  it('does nothing when off stays off', () => {
    expect(shareAllPatch(false, false, 'instance')).toBeNull();
  });
});

describe('export and import files', () => {
  it('names the export by its day', () => {
    expect(exportFileName(new Date(2026, 2, 4, 12))).toBe('prompts-2026-03-04.json');
  });

  it('passes our export on, refuses what is not JSON', () => {
    const ours = { format: 'parley.prompts', version: 1, groups: [] };
    expect(parseImportFile(JSON.stringify(ours))).toEqual({ ok: true, body: ours });
    expect(parseImportFile('not json')).toEqual({ ok: false });
  });

  it("turns LibreChat's prompt groups (an array or {promptGroups}) into ours, one version each", () => {
    const lc = [
      { name: 'A', category: 'code', oneliner: 'one', command: 'a', productionPrompt: { prompt: 'Text A' } },
    ];
    const expected = {
      format: 'parley.prompts',
      version: 1,
      groups: [
        { name: 'A', oneliner: 'one', category: 'code', command: 'a', prompts: [{ prompt: 'Text A' }] },
      ],
    };
    expect(parseImportFile(JSON.stringify(lc))).toEqual({ ok: true, body: expected });
    expect(parseImportFile(JSON.stringify({ promptGroups: lc, pages: 1 }))).toEqual({
      ok: true,
      body: expected,
    });
  });
});
