import { defineConfig } from '@playwright/test';
import {
  ABUSE_APP_PORT,
  ABUSE_LOGIN_MAX,
  ACCOUNT_APP_PORT,
  ADMIN_APP_PORT,
  APP_PORT,
  APP_URL,
  EMAIL_APP_PORT,
  EMAIL_APP_URL,
  FAKE_PORT,
  FAKE_URL as fake,
  SETTINGS_APP_PORT,
  SMTP_SINK_PORT,
  SSO_APP_PORT,
  VERTEX_APP_PORT,
  VERTEX_LOCATION,
  VERTEX_PROJECT,
  VERTEX_SA_FILE,
} from './e2e/servers.ts';

/** Settings every app process gets: generous limits, no retries against the fake. */
const APP_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  WEB_DIST: 'packages/web/dist',
  LOGIN_MAX: '1000',
  REGISTER_MAX: '1000',
  RESET_PASSWORD_MAX: '1000',
  VERIFY_EMAIL_MAX: '1000',
  FORK_USER_MAX: '1000',
  FORK_IP_MAX: '1000',
  IMPORT_USER_MAX: '1000',
  IMPORT_IP_MAX: '1000',
  FILE_UPLOAD_USER_MAX: '1000',
  FILE_UPLOAD_IP_MAX: '1000',
  MESSAGE_IP_MAX: '10000',
  CONCURRENT_MESSAGE_MAX: '50',
  PROVIDER_MAX_RETRIES: '0',
  /** librechat.e2e.yaml points its custom endpoints here (`${E2E_FAKE_URL}`). */
  E2E_FAKE_URL: fake,
};

/** e2e: the built app + the fake provider in its own process, a fresh database per run. */
export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }],
  ],
  use: {
    baseURL: APP_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `node_modules/.bin/tsx packages/fake-provider/src/cli.ts --port ${FAKE_PORT}`,
      port: FAKE_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'rm -rf .tmp/e2e-data && node packages/server/dist/main.js',
      port: APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(APP_PORT),
        DATA_DIR: '.tmp/e2e-data',
        CONFIG_PATH: 'e2e/librechat.e2e.yaml',
        // Password reset without email: the reset link is shown on the page (e2e/auth-email.spec.ts).
        ALLOW_PASSWORD_RESET: 'true',
        DOMAIN_CLIENT: APP_URL,
        // Actions' OAuth callbacks come back here; their test API and authorization server listen
        // on 127.0.0.3, the only private address this app allows (e2e/action-sign-in.spec.ts).
        DOMAIN_SERVER: APP_URL,
        ALLOWED_PRIVATE_HOSTS: '127.0.0.3',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `${fake}/openai/v1`,
        OPENAI_MODELS: 'gpt-4o,gpt-4o-mini',
        ANTHROPIC_API_KEY: 'sk-ant-e2e',
        ANTHROPIC_BASE_URL: `${fake}/anthropic`,
        GOOGLE_KEY: 'google-e2e',
        GOOGLE_BASE_URL: `${fake}/gemini/v1beta`,
        AZURE_API_KEY: 'azure-e2e',
        AZURE_OPENAI_MODELS: 'gpt-4o',
        AZURE_OPENAI_BASEURL: `${fake}/azure/openai/v1`,
        BEDROCK_AWS_ACCESS_KEY_ID: 'AKIAE2E',
        BEDROCK_AWS_SECRET_ACCESS_KEY: 'bedrock-e2e-secret',
        BEDROCK_AWS_DEFAULT_REGION: 'us-east-1',
        BEDROCK_AWS_MODELS: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
        BEDROCK_BASE_URL: `${fake}/bedrock`,
      },
    },
    {
      // Vertex AI takes over the `google` endpoint of the app it is configured in, so it gets an app
      // of its own. The fake (started above) issues the service account it will trust.
      command: `rm -rf .tmp/e2e-vertex && node_modules/.bin/tsx e2e/vertex-service-account.ts && node packages/server/dist/main.js`,
      port: VERTEX_APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(VERTEX_APP_PORT),
        DATA_DIR: '.tmp/e2e-vertex/data',
        GOOGLE_SERVICE_KEY_FILE: VERTEX_SA_FILE,
        GOOGLE_LOC: VERTEX_LOCATION,
        GOOGLE_MODELS: 'gemini-2.5-flash',
        GOOGLE_VERTEX_BASE_URL: `${fake}/vertex/v1beta1/projects/${VERTEX_PROJECT}/locations/${VERTEX_LOCATION}/publishers/google`,
      },
    },
    {
      // Balances on and no model specs (e2e/model-settings.spec.ts): settings that would change
      // what every other spec sees. OpenAI offers two of the simple picker's three tier models.
      command: 'rm -rf .tmp/e2e-settings && node packages/server/dist/main.js',
      port: SETTINGS_APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(SETTINGS_APP_PORT),
        DATA_DIR: '.tmp/e2e-settings',
        CONFIG_PATH: 'e2e/librechat.settings.e2e.yaml',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `${fake}/openai/v1`,
        OPENAI_MODELS: 'gpt-4o,gpt-4',
      },
    },
    {
      // Email on (e2e/auth-email.spec.ts): verification and reset links go to the SMTP sink the
      // spec starts on SMTP_SINK_PORT; links in the mails point back at this app.
      command: 'rm -rf .tmp/e2e-email && node packages/server/dist/main.js',
      port: EMAIL_APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(EMAIL_APP_PORT),
        DATA_DIR: '.tmp/e2e-email',
        DOMAIN_CLIENT: EMAIL_APP_URL,
        EMAIL_HOST: '127.0.0.1',
        EMAIL_PORT: String(SMTP_SINK_PORT),
        EMAIL_USERNAME: 'parley-e2e',
        EMAIL_PASSWORD: 'sink-password',
        EMAIL_FROM: 'noreply@parley.test',
        ALLOW_PASSWORD_RESET: 'true',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `${fake}/openai/v1`,
        OPENAI_MODELS: 'gpt-4o',
      },
    },
    {
      // The admin area (e2e/admin.spec.ts): a fresh database, so the spec's first user is the ADMIN.
      command: 'rm -rf .tmp/e2e-admin && node packages/server/dist/main.js',
      port: ADMIN_APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(ADMIN_APP_PORT),
        DATA_DIR: '.tmp/e2e-admin',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `${fake}/openai/v1`,
        OPENAI_MODELS: 'gpt-4o',
      },
    },
    {
      // Terms of service with modalAcceptance and ALLOW_ACCOUNT_DELETION=false (e2e/account.spec.ts).
      command: 'rm -rf .tmp/e2e-account && node packages/server/dist/main.js',
      port: ACCOUNT_APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(ACCOUNT_APP_PORT),
        DATA_DIR: '.tmp/e2e-account',
        CONFIG_PATH: 'e2e/librechat.account.e2e.yaml',
        ALLOW_ACCOUNT_DELETION: 'false',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `${fake}/openai/v1`,
        OPENAI_MODELS: 'gpt-4o',
      },
    },
    {
      // A low login limit (e2e/abuse.spec.ts); no endpoints, the spec never gets past /login.
      command: 'rm -rf .tmp/e2e-abuse && node packages/server/dist/main.js',
      port: ABUSE_APP_PORT,
      reuseExistingServer: false,
      env: {
        ...APP_ENV,
        PORT: String(ABUSE_APP_PORT),
        DATA_DIR: '.tmp/e2e-abuse',
        LOGIN_MAX: String(ABUSE_LOGIN_MAX),
      },
    },
    {
      // Single sign-on: starts slapd, oidc-provider and a GitHub-shaped server on 127.0.0.1, then
      // the app configured against them (e2e/sso.spec.ts); stopping it stops all of them.
      command: 'rm -rf .tmp/e2e-sso && node_modules/.bin/tsx e2e/sso-servers.ts',
      port: SSO_APP_PORT,
      reuseExistingServer: false,
      env: { ...APP_ENV, DATA_DIR: '.tmp/e2e-sso/data' },
    },
  ],
});
