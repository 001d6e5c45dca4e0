import { paths } from '@parley/schema';
import { apiRequest } from './client.ts';

/**
 * The action an OAuth sign-in link is for, read from its redirect_uri
 * (`…/api/actions/:action_id/oauth/callback`), or null for any other link.
 */
export function actionOfSignInLink(link: URL): string | null {
  const redirect = link.searchParams.get('redirect_uri');
  if (!redirect) return null;
  try {
    const m = /^\/api\/actions\/([^/]+)\/oauth\/callback$/.exec(new URL(redirect).pathname);
    return m ? decodeURIComponent(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Bind this browser to the signed-in user before they follow an action's sign-in link: the
 * callback only stores tokens for a browser bound to the user the link was made for.
 */
export const bindActionSignIn = (actionId: string) =>
  apiRequest<void>(paths.actionOAuthBind(actionId), { method: 'POST' });
