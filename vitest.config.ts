import { defineConfig } from 'vitest/config';

/** One run over every package; each package has its own config (environment, includes). */
export default defineConfig({
  test: {
    projects: ['packages/schema', 'packages/server', 'packages/fake-provider', 'packages/web'],
  },
});
