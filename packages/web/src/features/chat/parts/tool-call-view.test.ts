import { describe, expect, it } from 'vitest';
import { toolCallView } from './tool-call-view.ts';

describe('toolCallView', () => {
  it('reads an agent call: name, pretty args, output, progress', () => {
    const view = toolCallView({
      id: 'c1',
      type: 'tool_call',
      name: 'get_weather',
      args: '{"city":"Oslo"}',
      output: 'Sunny',
      progress: 1,
    });
    expect(view).toMatchObject({
      name: 'get_weather',
      domain: null,
      code: null,
      args: '{\n  "city": "Oslo"\n}',
      output: 'Sunny',
      progress: 1,
      attachments: [],
    });
  });

  it('keeps args that are not JSON as they are, and prints object args', () => {
    expect(toolCallView({ id: 'c', name: 'x', args: 'plain words' }).args).toBe('plain words');
    expect(toolCallView({ id: 'c', name: 'x', args: { q: 1 } }).args).toBe('{\n  "q": 1\n}');
  });

  it('defaults progress to the initial value, or 1 when there is output', () => {
    expect(toolCallView({ id: 'c', name: 'x' }).progress).toBe(0.1);
    expect(toolCallView({ id: 'c', name: 'x', output: 'done' }).progress).toBe(1);
    expect(toolCallView({ id: 'c', name: 'x', progress: 7 }).progress).toBe(1);
  });

  it('shows the code of execute_code and of an assistants code interpreter', () => {
    const agent = toolCallView({
      id: 'c',
      name: 'execute_code',
      args: '{"lang":"py","code":"print(6*7)"}',
      output: 'stdout:\n42\n',
      progress: 1,
    });
    expect(agent.code).toEqual({ lang: 'py', source: 'print(6*7)' });
    expect(agent.output).toBe('stdout:\n42\n');
    const assistant = toolCallView({
      id: 'c',
      type: 'code_interpreter',
      code_interpreter: {
        input: 'print("hi")',
        outputs: [{ type: 'logs', logs: 'hi' }, { type: 'image' }, { type: 'logs', logs: 'bye' }],
      },
    });
    expect(assistant.code).toEqual({ lang: 'python', source: 'print("hi")' });
    expect(assistant.output).toBe('hi\nbye');
    expect(assistant.progress).toBe(1);
  });

  it('reads an assistants function call', () => {
    const view = toolCallView({
      id: 'c',
      type: 'function',
      function: { name: 'lookup', arguments: '{"id":3}', output: 'found' },
      progress: 1,
    });
    expect(view).toMatchObject({ name: 'lookup', args: '{\n  "id": 3\n}', output: 'found' });
  });

  it('splits action names into function and readable domain; encoded domains stay hidden', () => {
    expect(toolCallView({ id: 'c', name: 'listEvents_action_calendar---example---com' })).toMatchObject({
      name: 'listEvents',
      domain: 'calendar.example.com',
    });
    expect(toolCallView({ id: 'c', name: 'listEvents_action_a1b2c3d4e5' })).toMatchObject({
      name: 'listEvents',
      domain: null,
    });
    expect(toolCallView({ id: 'c', name: 'search_mcp_github' }).name).toBe('search');
  });
});
