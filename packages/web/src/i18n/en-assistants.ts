import { addTexts } from './t.ts';

/**
 * Texts of the assistant builder (doc 3 §2 side panel entry 1, §4 Assistant, §5 Assistant; served by
 * agents, issue 15). A module that uses one of these keys imports this file; they load with the panel.
 */
export const enAssistants = {
  com_assistants_select: 'Assistant',
  com_assistants_create_new: 'Create new assistant',
  com_assistants_loading: 'Loading assistants...',
  com_assistants_avatar: 'Avatar',
  com_assistants_avatar_choose: 'Choose an avatar',
  com_assistants_avatar_invalid: 'upload invalid, limit {{0}}',
  com_assistants_avatar_error: 'The avatar could not be uploaded.',
  com_assistants_name: 'Name',
  com_assistants_name_placeholder: 'Optional: The name of the assistant',
  com_assistants_description: 'Description',
  com_assistants_description_placeholder: 'Optional: Describe your Assistant here',
  com_assistants_instructions: 'Instructions',
  com_assistants_instructions_placeholder: 'The system instructions that the assistant uses',
  com_assistants_starters: 'Conversation Starters',
  com_assistants_starters_placeholder: 'Enter a conversation starter',
  com_assistants_starter_add: 'Add conversation starter',
  com_assistants_starter_remove: 'Remove conversation starter {{0}}',
  com_assistants_starters_max: 'At most {{0}} conversation starters.',
  com_assistants_model: 'Model',
  com_assistants_model_required: 'Model is required',
  com_assistants_provider: 'Runs on {{0}}',
  com_assistants_capabilities: 'Capabilities',
  com_assistants_code_interpreter: 'Code Interpreter',
  com_assistants_code_interpreter_info:
    'Code Interpreter enables the assistant to write and run code. It can process files with diverse data and formatting, and generate files such as graphs.',
  com_assistants_code_interpreter_off: 'Code execution is turned off for agents on this server.',
  com_assistants_file_search: 'File Search',
  com_assistants_file_search_info: 'File search lets the assistant look things up in the files you attach.',
  com_assistants_file_search_off: 'File search is turned off for agents on this server.',
  com_assistants_non_retrieval_model:
    'File search is not enabled on this model. Please select another model.',
  com_assistants_image_vision: 'Image Vision',
  com_assistants_image_vision_info: 'Let the assistant read the images attached to a conversation.',
  com_assistants_append_date: 'Append Current Date & Time',
  com_assistants_append_date_info:
    'When enabled, the current client date and time will be appended to the assistant system instructions.',
  com_assistants_files: 'Files',
  com_assistants_files_after_create: 'Files can be added once the assistant is created.',
  com_assistants_files_upload: 'Upload files',
  com_assistants_files_need_capability: 'Turn on code interpreter or file search to add files for it.',
  com_assistants_file_remove_error: 'There was an error removing the file.',
  com_assistants_file_error: 'The file could not be uploaded.',
  com_assistants_create: 'Create',
  com_assistants_save: 'Save',
  com_assistants_delete: 'Delete assistant',
  com_assistants_delete_confirm: 'Are you sure you want to delete this assistant?',
  com_assistants_create_success: 'Successfully created',
  com_assistants_update_success: 'Successfully updated',
  com_assistants_delete_success: 'Successfully deleted',
  com_assistants_create_error: 'There was an error creating your assistant.',
  com_assistants_update_error: 'There was an error updating your assistant.',
  com_assistants_delete_error: 'There was an error deleting the assistant.',
  com_assistants_no_provider: 'No endpoint is available to run assistants.',
  com_assistants_not_editable: 'You cannot edit this assistant.',
  com_assistants_too_long: 'At most {{0}} characters.',
  com_assistants_chat: 'Chat with this assistant',
} as const;

addTexts(enAssistants);
