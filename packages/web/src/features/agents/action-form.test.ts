import type { Agent } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { actionBody, authErrors, emptyActionForm, NO_SECRETS } from './action-form.ts';
import { emptyForm, withActionTools } from './agent-form.ts';

const form = (patch: Partial<ReturnType<typeof emptyActionForm>>) => ({ ...emptyActionForm(), ...patch });

describe('action auth form rules (doc 3 §5)', () => {
  it('needs nothing for none', () => {
    expect(authErrors(form({ type: 'none' }), NO_SECRETS)).toEqual([]);
  });

  it('needs an API key for service_http unless one is stored, and a header name for custom', () => {
    expect(authErrors(form({ type: 'service_http' }), NO_SECRETS)).toEqual(['api_key']);
    expect(authErrors(form({ type: 'service_http', api_key: '  ' }), NO_SECRETS)).toEqual(['api_key']);
    expect(authErrors(form({ type: 'service_http', api_key: 'k' }), NO_SECRETS)).toEqual([]);
    expect(authErrors(form({ type: 'service_http' }), { ...NO_SECRETS, api_key: true })).toEqual([]);
    expect(
      authErrors(form({ type: 'service_http', api_key: 'k', authorization_type: 'custom' }), NO_SECRETS),
    ).toEqual(['custom_auth_header']);
    expect(
      authErrors(
        form({
          type: 'service_http',
          api_key: 'k',
          authorization_type: 'custom',
          custom_auth_header: 'X-Key',
        }),
        NO_SECRETS,
      ),
    ).toEqual([]);
  });

  it('needs authorization URL, token URL and scope for OAuth; client id and secret are optional', () => {
    expect(authErrors(form({ type: 'oauth' }), NO_SECRETS)).toEqual([
      'authorization_url',
      'client_url',
      'scope',
    ]);
    expect(
      authErrors(
        form({
          type: 'oauth',
          authorization_url: 'https://a/auth',
          client_url: 'https://a/token',
          scope: 'read',
        }),
        NO_SECRETS,
      ),
    ).toEqual([]);
  });
});

describe('action save body', () => {
  it('sends only the chosen type’s fields and leaves blank secrets out (kept on update)', () => {
    const body = actionBody(
      form({
        action_id: 'a1',
        raw_spec: 'spec',
        type: 'service_http',
        api_key: '',
        authorization_type: 'bearer',
        scope: 'stale',
      }),
      'api.example.com',
    );
    expect(body).toEqual({
      action_id: 'a1',
      metadata: {
        raw_spec: 'spec',
        domain: 'api.example.com',
        auth: { type: 'service_http', authorization_type: 'bearer' },
      },
    });
    const oauth = actionBody(
      form({
        raw_spec: 's',
        type: 'oauth',
        authorization_url: 'https://a/auth',
        client_url: 'https://a/token',
        scope: 'read',
        oauth_client_id: 'id',
      }),
      'a',
    );
    expect(oauth.metadata.auth).toEqual({
      type: 'oauth',
      authorization_url: 'https://a/auth',
      client_url: 'https://a/token',
      scope: 'read',
      token_exchange_method: 'default_post',
    });
    expect(oauth.metadata.oauth_client_id).toBe('id');
    expect('oauth_client_secret' in oauth.metadata).toBe(false);
    expect('action_id' in oauth).toBe(false);
  });
});

describe('builder form after an action change', () => {
  const base = { ...emptyForm(), tools: ['calculator', 'old_action_x'], require_approval: ['old_action_x'] };
  it('takes the saved agent’s action tools and keeps unsaved other edits', () => {
    const agent = {
      tools: ['web_search', 'old_action_x', 'get_a_action_x'],
      require_approval: [],
    } as unknown as Agent;
    expect(withActionTools(base, agent)).toMatchObject({
      tools: ['calculator', 'old_action_x', 'get_a_action_x'],
      require_approval: [],
    });
  });
  it('drops a deleted action’s tools', () => {
    expect(withActionTools(base, undefined, ['old_action_x'])).toMatchObject({
      tools: ['calculator'],
      require_approval: [],
    });
  });
});
