import type {
  Action,
  ActionAuth,
  ActionAuthorizationType,
  ActionAuthType,
  ActionTokenExchangeMethod,
  ActionUpdateBody,
} from '@parley/schema';

/** The action editor's fields (doc 3 §5). Secrets start blank: blank on update keeps the stored one. */
export type ActionForm = {
  action_id?: string;
  raw_spec: string;
  privacy_policy_url: string;
  type: ActionAuthType;
  authorization_type: ActionAuthorizationType;
  custom_auth_header: string;
  authorization_url: string;
  client_url: string;
  scope: string;
  token_exchange_method: ActionTokenExchangeMethod;
  api_key: string;
  oauth_client_id: string;
  oauth_client_secret: string;
};

/** Which secrets the server holds for the action being edited (it never returns them). */
export type StoredSecrets = { api_key: boolean; oauth_client_id: boolean; oauth_client_secret: boolean };

export const NO_SECRETS: StoredSecrets = {
  api_key: false,
  oauth_client_id: false,
  oauth_client_secret: false,
};

export function emptyActionForm(): ActionForm {
  return {
    raw_spec: '',
    privacy_policy_url: '',
    type: 'none',
    authorization_type: 'bearer',
    custom_auth_header: '',
    authorization_url: '',
    client_url: '',
    scope: '',
    token_exchange_method: 'default_post',
    api_key: '',
    oauth_client_id: '',
    oauth_client_secret: '',
  };
}

export function actionFormFrom(action: Action): ActionForm {
  const { auth } = action.metadata;
  return {
    ...emptyActionForm(),
    action_id: action.action_id,
    raw_spec: action.metadata.raw_spec,
    privacy_policy_url: action.metadata.privacy_policy_url ?? '',
    type: auth.type,
    authorization_type: auth.authorization_type ?? 'bearer',
    custom_auth_header: auth.custom_auth_header ?? '',
    authorization_url: auth.authorization_url ?? '',
    client_url: auth.client_url ?? '',
    scope: auth.scope ?? '',
    token_exchange_method: auth.token_exchange_method ?? 'default_post',
  };
}

export function storedSecrets(action: Action | undefined): StoredSecrets {
  if (!action) return NO_SECRETS;
  const m = action.metadata;
  return {
    api_key: m.api_key_set,
    oauth_client_id: m.oauth_client_id_set,
    oauth_client_secret: m.oauth_client_secret_set,
  };
}

export type AuthField = 'api_key' | 'custom_auth_header' | 'authorization_url' | 'client_url' | 'scope';

/**
 * The auth form's required fields (doc 3 §5): an API key for service_http (unless one is stored),
 * the header name for a custom key; OAuth needs the authorization URL, token URL and scope
 * (client id and secret are optional).
 */
export function authErrors(form: ActionForm, stored: StoredSecrets): AuthField[] {
  const missing: AuthField[] = [];
  const blank = (v: string) => v.trim() === '';
  if (form.type === 'service_http') {
    if (blank(form.api_key) && !stored.api_key) missing.push('api_key');
    if (form.authorization_type === 'custom' && blank(form.custom_auth_header))
      missing.push('custom_auth_header');
  } else if (form.type === 'oauth') {
    if (blank(form.authorization_url)) missing.push('authorization_url');
    if (blank(form.client_url)) missing.push('client_url');
    if (blank(form.scope)) missing.push('scope');
  }
  return missing;
}

/** The save body: only the chosen auth type's fields, and blank secrets left out (kept). */
export function actionBody(form: ActionForm, domain: string): ActionUpdateBody {
  const auth: ActionAuth = { type: form.type };
  const secrets: Partial<Pick<ActionForm, 'api_key' | 'oauth_client_id' | 'oauth_client_secret'>> = {};
  if (form.type === 'service_http') {
    auth.authorization_type = form.authorization_type;
    if (form.authorization_type === 'custom') auth.custom_auth_header = form.custom_auth_header.trim();
    if (form.api_key.trim()) secrets.api_key = form.api_key.trim();
  } else if (form.type === 'oauth') {
    auth.authorization_url = form.authorization_url.trim();
    auth.client_url = form.client_url.trim();
    auth.scope = form.scope.trim();
    auth.token_exchange_method = form.token_exchange_method;
    if (form.oauth_client_id.trim()) secrets.oauth_client_id = form.oauth_client_id.trim();
    if (form.oauth_client_secret.trim()) secrets.oauth_client_secret = form.oauth_client_secret.trim();
  }
  return {
    ...(form.action_id ? { action_id: form.action_id } : {}),
    metadata: {
      raw_spec: form.raw_spec,
      domain,
      ...(form.privacy_policy_url.trim() ? { privacy_policy_url: form.privacy_policy_url.trim() } : {}),
      auth,
      ...secrets,
    },
  };
}
