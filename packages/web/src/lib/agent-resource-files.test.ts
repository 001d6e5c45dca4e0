import { describe, expect, it } from 'vitest';
import { resourceFiles, withoutResourceFile } from './agent-resource-files.ts';

const file = (file_id: string, tool_resource: string | null) => ({ file_id, tool_resource });

describe('agent resource files', () => {
  const agent = { tool_resources: { file_search: { file_ids: ['a', 'b'] }, ocr: { file_ids: [] } } };
  const files = [file('a', 'file_search'), file('b', 'file_search'), file('c', 'ocr')];

  it('lists the files the agent holds for a resource, else the files uploaded for it', () => {
    expect(resourceFiles(agent, files, 'file_search').map((f) => f.file_id)).toEqual(['a', 'b']);
    // The agent is older than the list: the just-uploaded file shows by its own resource.
    expect(resourceFiles(agent, files, 'ocr').map((f) => f.file_id)).toEqual(['c']);
    expect(resourceFiles(null, files, 'execute_code')).toEqual([]);
  });

  it('takes one file off one resource and keeps the others', () => {
    expect(withoutResourceFile(agent, 'file_search', 'a')).toEqual({
      file_search: { file_ids: ['b'] },
      ocr: { file_ids: [] },
    });
  });
});
