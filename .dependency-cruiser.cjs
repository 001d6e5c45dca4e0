// Architecture rules, checked by `npm run arch` (scripts/arch.mjs, also a step of `npm test`).
// Each rule is a "never" from DESIGN §3, STYLE §4-5 and the review of 2026-11-25 (§2.1, §2.2).
// scripts/arch-fixture/ breaks every rule once: scripts/arch.mjs checks that each one still fires.
const WEB = '^packages/web/src/';
const SERVER = '^packages/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ── web ───────────────────────────────────────────────────────────────────────────────────
    {
      name: 'web-feature-to-feature',
      comment:
        'Features never import each other (STYLE §4): app/ composes them, or the shared piece moves ' +
        'down to components/, lib/, store/ or packages/schema.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shared-to-feature',
      comment: 'store/, lib/, components/ and api/ sit below the features and never reach up into one.',
      severity: 'error',
      from: { path: `${WEB}(store|lib|components|api)/` },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'web-shared-to-app',
      comment: 'app/ composes everything; nothing below it imports it back.',
      severity: 'error',
      from: { path: `${WEB}(features|store|lib|components|api|i18n)/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-lib-to-store',
      comment: 'lib/ holds plain helpers with no app state; a hook over a store belongs in store/.',
      severity: 'error',
      from: { path: `${WEB}lib/` },
      to: { path: `${WEB}store/` },
    },
    // ── packages ──────────────────────────────────────────────────────────────────────────────
    {
      name: 'web-to-server',
      comment: 'The web speaks to the server over HTTP only; shared contracts live in packages/schema.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-to-web',
      comment: 'The server serves the built client as files; it never imports its code.',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/web/' },
    },
    {
      name: 'schema-to-app-packages',
      comment: 'packages/schema is the isomorphic contract: it depends on neither side.',
      severity: 'error',
      from: { path: '^packages/schema/' },
      to: { path: '^packages/(server|web|fake-provider)/' },
    },
    // ── server ────────────────────────────────────────────────────────────────────────────────
    {
      name: 'server-capability-to-routes',
      comment: 'Routes are the outer layer (parse → authorize → call → present); only app.ts registers them.',
      severity: 'error',
      from: { path: SERVER, pathNot: `${SERVER}(routes/|app\\.ts$)` },
      to: { path: `${SERVER}routes/` },
    },
    {
      name: 'server-providers-to-chat',
      comment: 'Provider adapters know nothing of the chat pipeline that calls them.',
      severity: 'error',
      from: { path: `${SERVER}providers/` },
      to: { path: `${SERVER}chat/` },
    },
    {
      name: 'server-presenters-to-routes-or-commands',
      comment: 'Presenters map a row to its API shape; they never call routes or commands.',
      severity: 'error',
      from: { path: `${SERVER}presenters/` },
      to: {
        path: `${SERVER}(routes|convos|messages|share|transfer|account|admin|balance|retention|search|chat)/`,
      },
    },
    // ── everywhere ────────────────────────────────────────────────────────────────────────────
    {
      name: 'no-folder-cycles',
      comment:
        'Two folders that import each other are one concept split in two: merge them or move a ' +
        'piece down. Subfolders count (features/chat/store <-> features/chat/stream is a cycle).',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^packages/',
    exclude: { path: '(^|/)(node_modules|dist)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type that climbs a layer is a design smell even when erased.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
