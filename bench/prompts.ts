/**
 * Prompt library benchmark (issue 18 point 6): one user with 10,000 prompt groups, beside other
 * users' groups (some shared with everyone, some shared with the bench user by name), all written
 * through the real HTTP server's import, sharing and create routes so the app's own code fills the
 * tables and the full-text index. Then, as the bench user over HTTP: the list's first page, a next
 * page, a category page, and searches (a common word, a rare word, two words, a word no group has),
 * p50/p95 each. Target: list first page and search p95 ≤ 30 ms. SQLite always; PostgreSQL too when
 * TEST_POSTGRES_URL is set.
 *
 *   npm run bench:prompts [-- --groups 10000 --others 4 --reps 200 --db sqlite|postgres --keep]
 *
 * --keep leaves the PostgreSQL database in place (its URL is printed) to try queries on it by hand.
 */
import { randomUUID } from 'node:crypto';
import { PROMPT_CATEGORIES, PROMPT_IMPORT_GROUPS_MAX, type PromptExport, paths } from '@parley/schema';
import pg from 'pg';
import { rngFrom } from './search/random.ts';
import { numberArg, startStack } from './stack.ts';

const GROUPS = numberArg('groups', 10_000);
const OTHERS = numberArg('others', 4);
const OTHER_GROUPS = numberArg('other-groups', 2_500);
const REPS = numberArg('reps', 200);
const WARMUPS = 20;
/** Others' groups shared with everyone (by the admin) and with the bench user by name. */
const PUBLIC_GROUPS = 200;
const CHOSEN_GROUPS = 100;
const TARGET_MS = 30;
// Apart from the other benches' ports; BENCH_PORT_OFFSET shifts them.
const OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 0);
const FAKE_PORT = 4460 + OFFSET;
const APP_PORT = 3460 + OFFSET;
const appBase = `http://127.0.0.1:${APP_PORT}`;

const progress = (text: string) => process.stderr.write(`${text}\n`);

// ── Corpus ─────────────────────────────────────────────────────────────────────────────────────

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'den', 'bar', 'qui', 'zel', 'pra', 'fon'];

/** 3,000 made-up words; word i is drawn with weight 1/(i+1) (Zipf), so the first are common. */
function vocabulary(): { words: string[]; draw: (r: () => number) => string } {
  const rng = rngFrom(18, 1);
  const words = new Set<string>();
  while (words.size < 3_000) {
    const n = 2 + Math.floor(rng() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rng() * SYLLABLES.length)];
    words.add(w);
  }
  const list = [...words];
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < list.length; i++) {
    sum += 1 / (i + 1);
    cumulative.push(sum);
  }
  const draw = (r: () => number) => {
    const x = r() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return list[lo];
  };
  return { words: list, draw };
}

function groupsFile(seed: number, count: number, vocab: ReturnType<typeof vocabulary>): PromptExport[] {
  const rng = rngFrom(18, seed);
  const words = (n: number) => Array.from({ length: n }, () => vocab.draw(rng)).join(' ');
  const files: PromptExport[] = [];
  for (let start = 0; start < count; start += PROMPT_IMPORT_GROUPS_MAX) {
    const n = Math.min(PROMPT_IMPORT_GROUPS_MAX, count - start);
    files.push({
      format: 'parley.prompts',
      version: 1,
      groups: Array.from({ length: n }, (_, i) => ({
        name: `${words(3)} ${start + i}`,
        oneliner: words(6),
        category: PROMPT_CATEGORIES[Math.floor(rng() * PROMPT_CATEGORIES.length)],
        command: '',
        prompts: Array.from({ length: 1 + Math.floor(rng() * 3) }, () => ({
          prompt: `${words(30)} {{topic}} ${words(10)}`,
        })),
      })),
    });
  }
  return files;
}

// ── HTTP ───────────────────────────────────────────────────────────────────────────────────────

async function signUp(name: string): Promise<{ token: string; email: string }> {
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${randomUUID().slice(0, 6)}@example.com`;
  const password = 'bench-prompts-password';
  const post = (p: string, body: object) =>
    fetch(`${appBase}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', { name, email, password, confirm_password: password });
  const login = await post('/api/auth/login', { email, password });
  return { token: ((await login.json()) as { token: string }).token, email };
}

async function call<T>(token: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${appBase}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function importAll(token: string, files: PromptExport[], label: string): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) {
    ids.push(...(await call<{ groupIds: string[] }>(token, 'POST', paths.promptsImport, file)).groupIds);
    progress(`  ${label}: ${ids.length} groups`);
  }
  return ids;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

interface Kind {
  label: string;
  path: string;
  target: boolean;
}

async function time(token: string, kind: Kind): Promise<{ p50: number; p95: number; found: number }> {
  let found = 0;
  const once = async () => {
    const t0 = performance.now();
    const res = await fetch(`${appBase}${kind.path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { promptGroups: unknown[]; pages: number };
    if (res.status !== 200) throw new Error(`${kind.path}: ${res.status}`);
    found = body.promptGroups.length;
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUPS; i++) await once();
  const ms: number[] = [];
  for (let i = 0; i < REPS; i++) ms.push(await once());
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), found };
}

// ── One database ───────────────────────────────────────────────────────────────────────────────

async function freshPostgres(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parley_bench_prompts_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function benchDatabase(name: 'sqlite' | 'postgres', vocab: ReturnType<typeof vocabulary>) {
  const pgDb = name === 'postgres' ? await freshPostgres(process.env.TEST_POSTGRES_URL!) : null;
  const stack = await startStack({ fake: FAKE_PORT, app: APP_PORT }, pgDb ? { DATABASE_URL: pgDb.url } : {});
  try {
    progress(
      `[${name}] signing up; writing ${GROUPS} groups for the bench user, ${OTHERS}×${OTHER_GROUPS} for others`,
    );
    // The first sign-up is the admin (SHARED_GLOBAL): it shares some of its groups with everyone.
    const admin = await signUp('Bench Admin');
    const others = [];
    for (let i = 0; i < OTHERS - 1; i++) others.push(await signUp(`Other ${i + 1}`));
    const heavy = await signUp('Bench Heavy');
    const t0 = performance.now();
    const adminIds = await importAll(admin.token, groupsFile(100, OTHER_GROUPS, vocab), 'admin');
    const otherIds: string[][] = [];
    for (const [i, o] of others.entries())
      otherIds.push(await importAll(o.token, groupsFile(200 + i, OTHER_GROUPS, vocab), `other ${i + 1}`));
    await importAll(heavy.token, groupsFile(1, GROUPS, vocab), 'bench user');
    for (const id of adminIds.slice(0, PUBLIC_GROUPS))
      await call(admin.token, 'PATCH', paths.promptGroup(id), { projectIds: ['instance'] });
    for (const id of (otherIds[0] ?? []).slice(0, CHOSEN_GROUPS))
      await call(others[0].token, 'PUT', paths.promptGroupShares(id), { emails: [heavy.email] });
    if (pgDb) {
      // What autovacuum would have done long before anyone searched (as bench:search does).
      const client = new pg.Client({ connectionString: pgDb.url });
      await client.connect();
      await client.query('VACUUM ANALYZE');
      await client.end();
    }
    const buildMs = performance.now() - t0;
    progress(`[${name}] corpus written in ${(buildMs / 1000).toFixed(1)} s`);

    const first = await call<{ after: string; pages: number }>(
      heavy.token,
      'GET',
      `${paths.promptGroups}?pageSize=10`,
    );
    // Words by frequency: the 3rd most common, one near 2,000th (rare), and none.
    const common = vocab.words[2];
    const rare = vocab.words[1_999];
    const kinds: Kind[] = [
      { label: 'list: first page', path: `${paths.promptGroups}?pageSize=10`, target: true },
      {
        label: 'list: next page (cursor)',
        path: `${paths.promptGroups}?pageSize=10&cursor=${first.after}`,
        target: false,
      },
      {
        label: 'list: page 50 (pageNumber)',
        path: `${paths.promptGroups}?pageSize=10&pageNumber=50`,
        target: false,
      },
      { label: 'list: category', path: `${paths.promptGroups}?pageSize=10&category=code`, target: true },
      {
        label: `search: common word (${common})`,
        path: `${paths.promptGroups}?name=${common}`,
        target: true,
      },
      {
        label: `search: common prefix (${common.slice(0, 3)})`,
        path: `${paths.promptGroups}?name=${common.slice(0, 3)}`,
        target: true,
      },
      { label: `search: rare word (${rare})`, path: `${paths.promptGroups}?name=${rare}`, target: true },
      {
        label: 'search: two words',
        path: `${paths.promptGroups}?name=${vocab.words[5]}%20${vocab.words[40]}`,
        target: true,
      },
      {
        label: 'search: name of one group',
        path: `${paths.promptGroups}?name=${encodeURIComponent('5000')}`,
        target: true,
      },
      { label: 'search: no match', path: `${paths.promptGroups}?name=zzzqqq`, target: true },
      {
        label: 'search + category',
        path: `${paths.promptGroups}?name=${common}&category=code`,
        target: true,
      },
    ];
    const rows: { kind: Kind; p50: number; p95: number; found: number }[] = [];
    for (const kind of kinds) {
      const r = await time(heavy.token, kind);
      progress(
        `[${name}] ${kind.label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.found} on the page)`,
      );
      rows.push({ kind, ...r });
    }
    const allT0 = performance.now();
    const all = await call<unknown[]>(heavy.token, 'GET', paths.promptsAll);
    const allMs = performance.now() - allT0;

    console.log(
      `\nPrompt library, ${name}: bench user ${GROUPS} groups (pages: ${first.pages}); others ${OTHERS}×${OTHER_GROUPS} (${PUBLIC_GROUPS} public, ${CHOSEN_GROUPS} shared by name); ${REPS} reps after ${WARMUPS} warm-ups, over HTTP\n`,
    );
    console.log('| query | p50 ms | p95 ms | on page | target p95 ≤ 30 ms |');
    console.log('|---|---|---|---|---|');
    let met = 0;
    let total = 0;
    for (const r of rows) {
      const ok = r.p95 <= TARGET_MS;
      if (r.kind.target) {
        total++;
        if (ok) met++;
      }
      console.log(
        `| ${r.kind.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.found} | ${r.kind.target ? (ok ? 'met' : 'MISSED') : '—'} |`,
      );
    }
    console.log(
      `\nGET /api/prompts/all (the \`/\` popover's source): ${all.length} groups in ${allMs.toFixed(0)} ms (once)`,
    );
    console.log(`corpus written through the API in ${(buildMs / 1000).toFixed(1)} s`);
    return { met, total };
  } finally {
    stack.stop();
    if (process.argv.includes('--keep') && pgDb) console.log(`postgres database kept: ${pgDb.url}`);
    else await pgDb?.drop();
  }
}

async function main() {
  const vocab = vocabulary();
  const which = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : undefined;
  const databases = (process.env.TEST_POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite']).filter(
    (d) => which === undefined || d === which,
  ) as ('sqlite' | 'postgres')[];
  let met = 0;
  let total = 0;
  for (const name of databases) {
    const r = await benchDatabase(name, vocab);
    met += r.met;
    total += r.total;
  }
  if (!process.env.TEST_POSTGRES_URL) console.log('(PostgreSQL skipped: TEST_POSTGRES_URL is not set)');
  // A benchmark reports; missed targets do not fail the run.
  console.log(`\nprompts bench: ${met}/${total} targets met`);
}

await main();
