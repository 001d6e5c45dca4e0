// `npm run arch`: the architecture rules of .dependency-cruiser.cjs over packages/.
// First it proves the rules still bite: scripts/arch-fixture/ breaks each rule exactly once (and
// holds allowed imports too), and the cruise of it must report exactly EXPECTED. A rule whose
// pattern stopped matching, or one added without a fixture violation, fails here.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

/** `rule from`: each rule's one violation in the fixture. */
const EXPECTED = [
  'web-feature-to-feature packages/web/src/features/alpha/alpha.ts',
  'web-shared-to-feature packages/web/src/store/store.ts',
  'web-shared-to-app packages/web/src/components/component.ts',
  'web-lib-to-store packages/web/src/lib/lib.ts',
  'web-to-server packages/web/src/api/api.ts',
  'server-to-web packages/server/src/app.ts',
  'schema-to-app-packages packages/schema/src/schema.ts',
  'server-capability-to-routes packages/server/src/convos/convos.ts',
  'server-providers-to-chat packages/server/src/providers/provider.ts',
  'server-presenters-to-routes-or-commands packages/server/src/presenters/presenter.ts',
  // A folder cycle is reported once from each folder on it.
  'no-folder-cycles packages/web/src/features/gamma/one',
  'no-folder-cycles packages/web/src/features/gamma/two',
];

function cruise(cwd, outputType, stdio) {
  return spawnSync(depcruise, ['packages', '--config', config, '--output-type', outputType], {
    cwd,
    encoding: 'utf8',
    stdio,
    maxBuffer: 64 * 1024 * 1024,
  });
}

function checkFixture() {
  const res = cruise(path.join(root, 'scripts/arch-fixture'), 'json', ['ignore', 'pipe', 'inherit']);
  if (res.error || !res.stdout) {
    console.error(
      `dependency-cruiser did not run (${res.error?.message ?? `exit ${res.status}`}): run npm ci`,
    );
    return false;
  }
  const violations = JSON.parse(res.stdout).summary.violations;
  const found = violations.map((v) => `${v.rule.name} ${v.from}`).sort();
  const expected = [...EXPECTED].sort();
  const ruleNames = createRequire(import.meta.url)(config).forbidden.map((r) => r.name);
  const untested = ruleNames.filter((name) => !EXPECTED.some((e) => e.startsWith(`${name} `)));
  const missing = expected.filter((e) => !found.includes(e));
  const unexpected = found.filter((f) => !expected.includes(f));
  for (const name of untested) console.error(`rule without a fixture violation: ${name}`);
  for (const e of missing) console.error(`fixture violation not reported: ${e}`);
  for (const f of unexpected) console.error(`fixture reported more than expected: ${f}`);
  return untested.length + missing.length + unexpected.length === 0;
}

if (!checkFixture()) {
  console.error('The architecture rules no longer catch what scripts/arch-fixture/ breaks.');
  process.exit(1);
}
console.log(`Rule check: all ${EXPECTED.length} fixture violations reported.`);
const res = cruise(root, 'err', 'inherit');
process.exit(res.status ?? 1);
