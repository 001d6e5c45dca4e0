import { addTexts } from './t.ts';

/**
 * Texts of the admin area (issue 6 slice D: users, usage, roles, banners). A module that uses one
 * of these keys imports this file (area-texts.test.ts checks it); only /admin loads them.
 */
export const enAdmin = {
  com_admin_title: 'Admin',
  com_admin_back: 'Back to chat',
  com_admin_forbidden_title: 'Not authorised',
  com_admin_forbidden: 'You do not have permission to view this page.',
  com_admin_users: 'Users',
  com_admin_roles: 'Roles & permissions',
  com_admin_usage: 'Usage',
  com_admin_banners: 'Banners',
  com_admin_search_users: 'Search users',
  com_admin_user: 'User',
  com_admin_role: 'Role',
  com_admin_status: 'Status',
  com_admin_balance: 'Balance',
  com_admin_balance_adjust: 'Credits to add or remove',
  com_admin_apply: 'Apply',
  com_admin_banned: 'Banned',
  com_admin_active: 'Active',
  com_admin_ban: 'Ban',
  com_admin_unban: 'Unban',
  com_admin_delete_user: 'Delete user',
  com_admin_delete_user_confirm:
    'Delete {{email}} and all of their conversations, files and settings? This cannot be undone.',
  com_admin_load_more: 'Load more',
  com_admin_no_users: 'No users found.',
  com_admin_action_error: 'The change could not be saved.',
  com_admin_permission_type: 'Permission type',
  com_admin_prompts_settings: 'Prompts admin settings',
  com_admin_agents_settings: 'Agents admin settings',
  com_admin_prompts_share: 'Allow sharing prompts globally',
  com_admin_prompts_create: 'Allow creating prompts',
  com_admin_prompts_use: 'Allow using prompts',
  com_admin_agents_share: 'Allow sharing agents globally',
  com_admin_agents_create: 'Allow creating agents',
  com_admin_agents_use: 'Allow using agents',
  com_admin_settings_error: 'Error saving admin settings',
  com_admin_confirm_admin_use_title: 'Remove admin access?',
  com_admin_confirm_admin_use:
    'Turning off use for the ADMIN role also removes your own access to this feature. Are you sure?',
  com_admin_period: 'Period',
  com_admin_last_days: 'Last {{days}} days',
  com_admin_group_by: 'Group by',
  com_admin_per_user: 'Per user',
  com_admin_per_model: 'Per model',
  com_admin_model: 'Model',
  com_admin_prompt_tokens: 'Prompt tokens',
  com_admin_completion_tokens: 'Completion tokens',
  com_admin_replies: 'Replies',
  com_admin_credits: 'Credits',
  com_admin_no_usage: 'No usage in this period.',
  com_admin_banner_new: 'New banner',
  com_admin_banner_message: 'Message',
  com_admin_banner_html_hint:
    'Allowed: <b>, <i>, <u>, <s>, <code>, <br>, <p> and links (http, https, mailto). Other tags show as text.',
  com_admin_banner_from: 'From',
  com_admin_banner_to: 'Until',
  com_admin_banner_public: 'Public (also on sign-in pages)',
  com_admin_banner_signed_in: 'Signed-in users only',
} as const;

addTexts(enAdmin);
