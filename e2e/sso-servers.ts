/**
 * The SSO app of the e2e suite and its identity servers: a private slapd, oidc-provider (its
 * devInteractions pages are what the browser sees) and a GitHub-shaped OAuth2 server, all on
 * 127.0.0.1. Playwright starts this process and stops it (and with it everything it started).
 */
import { spawn } from 'node:child_process';
import { startFakeGithub, startOidcProvider, startSlapd } from '../packages/server/test/sso/peers.ts';
import { SSO_APP_PORT, SSO_APP_URL, SSO_LDAP_PORT, SSO_OIDC_PORT, SSO_OPENID_LABEL } from './servers.ts';

const slapd = await startSlapd(SSO_LDAP_PORT);
const oidc = await startOidcProvider({
  port: SSO_OIDC_PORT,
  redirectUris: [`${SSO_APP_URL}/oauth/openid/callback`],
});
const github = await startFakeGithub('e2e-github', 'e2e-github-secret');
github.signInAs({
  id: 4242,
  login: 'octo-e2e',
  name: 'Octo E2E',
  emails: [{ email: 'octo-e2e@example.com', primary: true, verified: true }],
});

const app = spawn(process.execPath, ['packages/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(SSO_APP_PORT),
    DOMAIN_SERVER: SSO_APP_URL,
    DOMAIN_CLIENT: SSO_APP_URL,
    ALLOW_SOCIAL_LOGIN: 'true',
    ALLOW_SOCIAL_REGISTRATION: 'true',
    OPENID_ISSUER: oidc.issuer,
    OPENID_CLIENT_ID: oidc.clientId,
    OPENID_CLIENT_SECRET: oidc.clientSecret,
    OPENID_AUTO_REDIRECT: 'true',
    OPENID_BUTTON_LABEL: SSO_OPENID_LABEL,
    OPENID_IMAGE_URL: '/favicon.svg',
    ...github.env('e2e-github', 'e2e-github-secret'),
    ...slapd.env,
    // A provider, so a signed-in user lands on the composer (not the "no endpoints" notice).
    OPENAI_API_KEY: 'sk-e2e',
    OPENAI_BASE_URL: `${process.env.E2E_FAKE_URL}/openai/v1`,
    OPENAI_MODELS: 'gpt-4o',
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  await Promise.allSettled([slapd.stop(), oidc.stop(), github.stop()]);
  process.exit(code);
}
app.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
