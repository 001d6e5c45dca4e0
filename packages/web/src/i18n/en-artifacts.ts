import { addTexts } from './t.ts';

/**
 * Texts of the artifacts card, panel and Settings → Artifacts tab (doc 3 §2; issue 17). A module
 * that uses one of these keys imports this file (area-texts.test.ts checks it); they load with the
 * message list, the panel and the settings dialog, never on /chat/new.
 */
export const enArtifacts = {
  com_artifacts_open: 'Click to open the artifact',
  com_artifacts_generating: 'Generating…',
  com_artifacts_panel: 'Artifacts',
  com_artifacts_preview: 'Preview',
  com_artifacts_code: 'Code',
  com_artifacts_refresh: 'Refresh',
  com_artifacts_close: 'Close artifacts',
  com_artifacts_previous: 'Previous artifact',
  com_artifacts_next: 'Next artifact',
  com_artifacts_copy: 'Copy code',
  com_artifacts_copied: 'Copied',
  com_artifacts_download: 'Download',
  com_artifacts_saving: 'Saving…',
  com_artifacts_saved: 'Saved',
  com_artifacts_save_failed: 'The edit could not be saved.',
  com_artifacts_loading: 'Loading…',
  com_artifacts_editor: 'Artifact code',
  com_settings_artifacts: 'Artifacts',
  com_settings_code_artifacts: 'Code artifacts',
  com_settings_code_artifacts_hint:
    'Teach the model to put pages, images, diagrams and components in artifacts.',
  com_settings_include_shadcnui: 'Include shadcn/ui instructions',
  com_settings_include_shadcnui_hint: 'Let React artifacts use the shadcn/ui components.',
  com_settings_custom_prompt_mode: 'Custom prompt mode',
  com_settings_custom_prompt_mode_hint:
    'Add no artifact instructions: describe artifacts in your own system prompt or instructions.',
} as const;

addTexts(enArtifacts);
