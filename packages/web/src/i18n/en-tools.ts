import { addTexts } from './t.ts';

/**
 * Texts of the tool picker, the tool key form and the composer badges' dialogs (issue 16). A module
 * that uses one of these keys imports this file (area-texts.test.ts checks it); they load with
 * those dialogs, never on /chat/new.
 */
export const enTools = {
  com_tools_add_tools: 'Add tools',
  com_tools_picker_title: 'Agent Tools',
  com_tools_picker_description: 'Add tools to this agent. Save the agent to keep the change.',
  com_tools_search: 'Search tools',
  com_tools_none: 'No tools match your search.',
  com_tools_none_available: 'No tools are available yet.',
  com_tools_install: 'Add',
  com_tools_uninstall: 'Remove',
  com_tools_install_named: 'Add {{name}}',
  com_tools_uninstall_named: 'Remove {{name}}',
  com_tools_keys_set: 'Your keys are set',
  com_tools_keys_needed: 'Needs your keys',
  com_tools_revoke: 'Revoke keys',
  com_tools_revoke_named: 'Revoke your keys for {{name}}',
  com_tools_revoked: 'Your keys for {{name}} were removed.',
  com_tools_revoke_error: 'Error while deleting the tool: {{error}}',
  com_tools_page: 'Page {{page}} of {{pages}}',
  com_tools_prev: 'Previous page',
  com_tools_next: 'Next page',
  com_tools_field_required: '{{label}} is required.',
  com_tools_plugin_auth_error: 'plugin auth error',
  com_tools_mcp_sign_in: 'Sign in',
  com_tools_mcp_unavailable: 'Unavailable',
  com_tools_mcp_change_values: 'Change my values for {{name}}',
  com_tools_mcp_revoke: 'Remove my values for {{name}}',
  com_tools_mcp_sign_out: 'Sign out of {{name}}',
  com_tools_value_saved: 'Saved — leave blank to keep it',
  com_tools_trust_warning:
    'Only give your keys to tools you trust: the tool will act with your account at that service.',
  com_tools_auth_title: 'Sign in to {{name}}',
  com_tools_keys_stored: 'Keys are stored encrypted and are never shown again.',
  com_tools_deep_dive_title: 'Deep Dive Mode Enabled',
  com_tools_deep_dive_body:
    'Click any response to dive deeper: each answer now researches the web from several angles, reads the sources and cites them.',
  com_tools_deep_dive_ok: 'Awesome!',
  com_tools_edit_badges_hint: 'Drag badges to reorder them, or use the arrow keys on a grip.',
  com_tools_badge_drag: 'Move {{label}} (arrow keys)',
  com_tools_badge_remove: 'Remove {{label}}',
  com_tools_badge_add: 'Add {{label}}',
  com_tools_badge_moved: '{{label}} moved to position {{position}}.',
  com_tools_badge_unavailable: 'not available here',
  com_tools_removed_badges: 'Removed badges',
  com_tools_save_badges: 'Save',
  com_tools_cancel_badges: 'Cancel',
} as const;

addTexts(enTools);
