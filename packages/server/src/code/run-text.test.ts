import { describe, expect, it } from 'vitest';
import { modelOutput, resultText, runOutcome } from './run-text.ts';
import type { RunResult } from './types.ts';

const run = (over: Partial<RunResult> = {}): RunResult => ({
  status: 'ok',
  exitCode: 0,
  stdout: '42\n',
  stderr: '',
  sessionId: 's',
  files: [],
  skippedFiles: [],
  truncated: false,
  engine: 'native',
  durationMs: 12,
  ...over,
});

describe('run texts', () => {
  it("a record's result is what the code printed, then its error", () => {
    expect(resultText(run())).toBe('42');
    const failed = run({ status: 'error', exitCode: 1, stderr: 'Traceback…\nValueError: boom\n' });
    expect(resultText(failed)).toBe(
      '42\nTraceback…\nValueError: boom\nThe run ended with status error (exit code 1).',
    );
    const timedOut = run({
      status: 'timeout',
      exitCode: null,
      stdout: '',
      reason: 'The run took longer than 30 s.',
    });
    expect(resultText(timedOut)).toBe('The run took longer than 30 s.');
    expect(runOutcome(timedOut)).toEqual({
      status: 'timeout',
      exitCode: null,
      stdout: '',
      stderr: '',
      truncated: false,
      reason: 'The run took longer than 30 s.',
      durationMs: 12,
    });
  });

  it('the model gets status, stdout, stderr, the produced files and the notes', () => {
    const text = modelOutput(
      run({ stderr: 'warning\n', truncated: true }),
      [{ filename: 'plot.png', file_id: 'f', filepath: '/api/files/download/u/f' }],
      ['big.csv was not copied in: the files together exceed 64 MB'],
    );
    expect(text).toBe(
      [
        'status: ok (exit code 0)',
        'stdout:\n42',
        'stderr:\nwarning',
        '(output was cut at the size limit)',
        'Files produced (in /mnt/data; they are shown to the user with this call, so do not link them): plot.png',
        'Notes:\n- big.csv was not copied in: the files together exceed 64 MB',
      ].join('\n'),
    );
    expect(modelOutput(run({ stdout: '' }), [], [])).toBe('status: ok (exit code 0)\nstdout:\n(empty)');
  });
});
