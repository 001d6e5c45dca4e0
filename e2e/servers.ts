/** Ports and URLs of the processes playwright.config.ts starts, shared with the specs. */
export const FAKE_PORT = 4610;
export const APP_PORT = 3690;
/** A second app whose `google` endpoint calls Vertex AI with a service account (it cannot share one with Gemini). */
export const VERTEX_APP_PORT = 3691;

export const FAKE_URL = `http://127.0.0.1:${FAKE_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const VERTEX_APP_URL = `http://127.0.0.1:${VERTEX_APP_PORT}`;

export const VERTEX_PROJECT = 'parley-e2e';
export const VERTEX_LOCATION = 'us-central1';
export const VERTEX_SA_FILE = '.tmp/e2e-vertex/service-account.json';
