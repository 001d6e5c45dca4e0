import { addTexts } from './t.ts';

/**
 * Texts of a code block's run button and its result (doc 2 §4.14, §8.2; issue 17). A module that
 * uses one of these keys imports this file (area-texts.test.ts checks it); they load with the
 * message list, never on /chat/new.
 */
export const enCodeRun = {
  com_code_run: 'Run',
  com_code_run_label: 'Run this {{lang}} code',
  com_code_running: 'Running…',
  com_code_run_error: 'There was an error running the code',
  com_code_run_output: 'Output',
  com_code_run_no_output: 'The code printed nothing.',
  com_code_run_ok: 'Finished in {{duration}}',
  com_code_run_exit: 'Exited with code {{code}}',
  com_code_run_failed: 'Failed',
  com_code_run_timeout: 'Timed out',
  com_code_run_killed: 'Stopped: it went past a limit',
  com_code_run_aborted: 'Stopped',
  com_code_run_truncated: 'The output was too long and was cut.',
  com_code_run_stdout: 'Printed output',
  com_code_run_stderr: 'Errors',
  com_code_run_files: 'Files it made',
};

addTexts(enCodeRun);
