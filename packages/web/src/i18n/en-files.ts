import { addTexts } from './t.ts';

/**
 * Texts of the Files panel and the /d/files manager (issue 14; doc 3 §2 Files panel, "Attaching
 * files from the files table", §8 attach errors). A module that uses one of these keys imports
 * this file (area-texts.test.ts checks it); they load with the panel or the manager.
 */
export const enFiles = {
  com_files_table: 'Files Table',
  com_files_filter: 'Filter files...',
  com_files_no_results: 'No results.',
  com_files_number_selected: '{{0}} of {{1}} items(s) selected',
  com_files_manage: 'Manage Files',
  com_files_manager_title: 'My Files',
  com_files_back_to_chat: 'Back to chat',
  com_files_sort_name: 'Sort by name',
  com_files_sort_date: 'Sort by date',
  com_files_size: 'Size',
  com_files_page: 'Page {{0}}',
  com_files_attach: 'Attach {{name}} to the conversation',
  com_files_attach_selected: 'Attach to conversation',
  com_files_attached: 'Attached to the conversation',
  com_files_delete_file: 'Delete {{name}}',
  com_files_delete_selected: 'Delete selected',
  com_files_delete_title: 'Delete files?',
  com_files_delete_confirm: 'This will permanently delete {{0}} file(s). This cannot be undone.',
  com_files_delete_one_confirm: 'This will permanently delete {{name}}. This cannot be undone.',
  com_files_deleted: 'Successfully deleted',
  com_files_delete_error: 'There was an error deleting the files.',
  com_files_load_error: 'The files could not be loaded.',
  com_files_select_row: 'Select {{name}}',
  com_ui_attach_error: 'Cannot attach file. Create or select a conversation, or try refreshing the page.',
  com_ui_attach_error_openai: 'Cannot attach Assistant files to other endpoints',
  com_ui_attach_warn_endpoint: 'Non-Assistant files may be ignored without a compatible tool',
  com_ui_attach_error_size: 'File size limit exceeded for endpoint:',
  com_ui_attach_error_type: 'Unsupported file type for endpoint:',
} as const;

addTexts(enFiles);
