/**
 * Ports and URLs of the processes playwright.config.ts starts, shared with the specs.
 * `E2E_PORT_OFFSET` shifts them all, so two checkouts can run the suite side by side.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const FAKE_PORT = 4610 + OFFSET;
export const APP_PORT = 3690 + OFFSET;
/** A second app whose `google` endpoint calls Vertex AI with a service account (it cannot share one with Gemini). */
export const VERTEX_APP_PORT = 3691 + OFFSET;
/**
 * A third app for settings that would change every other spec's screen: token balances on, and
 * no model specs (configured specs replace the simple three-tier picker).
 */
export const SETTINGS_APP_PORT = 3692 + OFFSET;

/** An app with email on (EMAIL_* → the SMTP sink e2e/auth-email.spec.ts starts) and password reset on. */
export const EMAIL_APP_PORT = 3693 + OFFSET;
/** The port of that SMTP sink (started by the spec itself; the app connects only when it sends). */
export const SMTP_SINK_PORT = 4622 + OFFSET;
/** The admin spec's own app (e2e/admin.spec.ts): a fresh database, so its first user is the ADMIN. */
export const ADMIN_APP_PORT = 3696 + OFFSET;
/** Account settings that would change every other spec's screen: the terms modal on, deletion off. */
export const ACCOUNT_APP_PORT = 3697 + OFFSET;
/** Low login limit (e2e/abuse.spec.ts): two sign-in attempts per window, so the third is refused. */
export const ABUSE_APP_PORT = 3698 + OFFSET;
export const ABUSE_LOGIN_MAX = 2;
/**
 * An app with single sign-on (e2e/sso.spec.ts): OpenID auto-redirect, GitHub and LDAP, against a
 * real oidc-provider, a GitHub-shaped OAuth2 server and a private slapd (e2e/sso-servers.ts).
 */
export const SSO_APP_PORT = 3695 + OFFSET;
export const SSO_OIDC_PORT = 4620 + OFFSET;
export const SSO_LDAP_PORT = 4621 + OFFSET;

export const FAKE_URL = `http://127.0.0.1:${FAKE_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const VERTEX_APP_URL = `http://127.0.0.1:${VERTEX_APP_PORT}`;
export const EMAIL_APP_URL = `http://127.0.0.1:${EMAIL_APP_PORT}`;
export const SETTINGS_APP_URL = `http://127.0.0.1:${SETTINGS_APP_PORT}`;
export const ADMIN_APP_URL = `http://127.0.0.1:${ADMIN_APP_PORT}`;
export const ACCOUNT_APP_URL = `http://127.0.0.1:${ACCOUNT_APP_PORT}`;
export const ABUSE_APP_URL = `http://127.0.0.1:${ABUSE_APP_PORT}`;
export const SSO_APP_URL = `http://127.0.0.1:${SSO_APP_PORT}`;
export const SSO_OIDC_URL = `http://127.0.0.1:${SSO_OIDC_PORT}`;
export const SSO_OPENID_LABEL = 'Sign in with Parley SSO';
export const SETTINGS_START_BALANCE = 10_000_000;

export const VERTEX_PROJECT = 'parley-e2e';
export const VERTEX_LOCATION = 'us-central1';
export const VERTEX_SA_FILE = '.tmp/e2e-vertex/service-account.json';
