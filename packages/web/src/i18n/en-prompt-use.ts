import { addTexts } from './t.ts';

/**
 * Texts of using prompts in the chat (issue 18 point 3; doc 2 §2.5, §5.9, doc 3 §2): the `/`
 * popover, the variables dialog, the side panel's Prompts entry and Settings → Commands. A module
 * that uses one of these keys imports this file (area-texts.test.ts checks it).
 */
export const enPromptUse = {
  com_prompt_use_manage: 'Manage',
  com_prompt_use_auto_send: 'Auto-send prompts',
  com_prompt_use_auto_send_hint: 'A chosen prompt is sent at once instead of going into the message box',
  com_prompt_use_filter: 'Filter prompts',
  com_prompt_use_empty: 'No prompts yet. Create one with Manage.',
  com_prompt_use_no_match: 'No prompts match',
  com_prompt_use_loading: 'Loading prompts…',
  com_prompt_use_load_error: 'The prompts could not be loaded',
  com_prompt_use_show_more: 'Show more',
  com_prompt_use_list: 'Prompts',
  com_prompt_use_card: 'Use prompt {{name}}',
  com_prompt_use_menu: 'Options for {{name}}',
  com_prompt_use_preview: 'Preview',
  com_prompt_use_edit: 'Edit',
  com_prompt_use_close: 'Close',
  com_prompt_use_variables_hint: 'Fill in the variables. An empty one stays as written.',
  com_prompt_use_choose: 'Choose…',
  com_prompt_use_result: 'Result',
  com_prompt_use_send: 'Send',
  com_prompt_use_insert: 'Insert',
  com_prompt_use_cancel: 'Cancel',
  com_prompt_use_commands: 'Commands',
  com_prompt_use_slash_command: 'Slash command',
  com_prompt_use_slash_command_hint: 'Type / at the start of a message to choose a prompt',
};

addTexts(enPromptUse);
