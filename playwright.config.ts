import { defineConfig } from '@playwright/test';

const FAKE_PORT = 4610;
const APP_PORT = 3690;
const fake = `http://127.0.0.1:${FAKE_PORT}`;

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
    baseURL: `http://127.0.0.1:${APP_PORT}`,
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
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(APP_PORT),
        DATA_DIR: '.tmp/e2e-data',
        WEB_DIST: 'packages/web/dist',
        CONFIG_PATH: 'e2e/librechat.e2e.yaml',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        MESSAGE_IP_MAX: '10000',
        CONCURRENT_MESSAGE_MAX: '50',
        PROVIDER_MAX_RETRIES: '0',
        OPENAI_API_KEY: 'sk-e2e',
        OPENAI_BASE_URL: `${fake}/openai/v1`,
        OPENAI_MODELS: 'gpt-4o,gpt-4o-mini',
        ANTHROPIC_API_KEY: 'sk-ant-e2e',
        ANTHROPIC_BASE_URL: `${fake}/anthropic`,
        GOOGLE_KEY: 'google-e2e',
        GOOGLE_BASE_URL: `${fake}/gemini/v1beta`,
      },
    },
  ],
});
