import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const json = { 'content-type': 'application/json' };
const PASSWORD = 'operator chosen pw';

/**
 * The CLI bundled once (our sources in, npm packages external, as scripts/build.mjs bundles the
 * server): each call is then a plain `node` start, not a tsx transpile of the whole server. One
 * test still goes through `npm run user` as operators do.
 */
const BUNDLE = path.join(ROOT, '.tmp', `user-cli-${randomUUID()}.mjs`);
beforeAll(async () => {
  await build({
    entryPoints: [path.join(ROOT, 'packages/server/src/cli/user.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'workspace-only',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
});
afterAll(() => rmSync(BUNDLE, { force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as an operator runs it: a separate process on the server's own database and config. */
function cli(t: TestApp, args: string[], opts: { input?: string; viaNpm?: boolean } = {}): Promise<Run> {
  const { config } = t.app.ctx;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    DATA_DIR: config.dataDir,
    JWT_SECRET: config.jwtSecret,
    JWT_REFRESH_SECRET: config.jwtRefreshSecret,
    CREDS_KEY: config.credsKey,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    ...(config.configPath ? { CONFIG_PATH: config.configPath } : {}),
  };
  const [cmd, argv] = opts.viaNpm
    ? ['npm', ['run', '--silent', 'user', '--', ...args]]
    : [process.execPath, [BUNDLE, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

// Each command is a fresh process (node + argon2): allow a few seconds per call.
describe.each(dialects)('operator CLI: npm run user (%s)', { timeout: 120_000 }, (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      env: { ALLOW_REGISTRATION: 'false' },
      yaml: 'balance:\n  enabled: true\n  startBalance: 1000\n',
    });
  });
  afterAll(async () => t?.close());

  let n = 0;
  const email = () => `op${++n}-${dialect}@example.com`;
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.base}${p}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  const login = (address: string, password = PASSWORD) =>
    post('/api/auth/login', { email: address, password });
  const me = async (address: string) => {
    const body = await (await login(address)).json();
    return (await fetch(`${t.base}/api/user`, { headers: { authorization: `Bearer ${body.token}` } })).json();
  };
  const create = async (address: string, ...extra: string[]) => {
    const run = await cli(t, ['create', address, '--name', 'Op Made', '--password', PASSWORD, ...extra]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    return run;
  };
  const userRow = (address: string) =>
    t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirst();

  it('creates a verified account that signs in; the role can be chosen; bad input fails clearly', async () => {
    const a = email();
    const run = await create(a, '--username', `opuser${dialect}`, '--role', 'admin');
    expect(run.stdout).toMatch(new RegExp(`Created ADMIN ${a}`));
    const user = await me(a);
    expect(user).toMatchObject({ email: a, name: 'Op Made', role: 'ADMIN', emailVerified: true });
    expect((await userRow(a))?.email_verified).toBe(1);

    const b = email();
    await create(b);
    expect((await me(b)).role).toBe('USER');

    // From a pipe the password is the next line.
    const piped = email();
    expect((await cli(t, ['create', piped, '--name', 'Piped'], { input: `${PASSWORD}\n` })).code).toBe(0);
    expect((await login(piped)).status).toBe(200);
  });

  it('lists users with --search and --limit', async () => {
    const a = email();
    await create(a);
    const run = await cli(t, ['list', '--search', a]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+CREATED \(UTC\)\s+BANNED$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${a}\\s+Op Made\\s+USER\\s+\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d$`));
    const limited = await cli(t, ['list', '--limit', '1']);
    expect(limited.stdout.trim().split('\n')).toHaveLength(3);
    expect(limited.stdout).toMatch(/More users than shown/);
  });

  it('reset-password sets the new password and signs the user out everywhere', async () => {
    const a = email();
    await create(a);
    const session = await login(a);
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0];
    const run = await cli(t, ['reset-password', a, '--password', 'brand new password']);
    expect(run.code).toBe(0);
    expect((await login(a)).status).toBe(401);
    expect((await login(a, 'brand new password')).status).toBe(200);
    expect((await post('/api/auth/refresh', {}, { cookie })).status).toBe(401);
  });

  it('set-role changes the role; an unknown role fails', async () => {
    const a = email();
    await create(a);
    expect((await cli(t, ['set-role', a, 'ADMIN'])).code).toBe(0);
    expect((await me(a)).role).toBe('ADMIN');
    expect((await cli(t, ['set-role', a, 'user'])).code).toBe(0);
    expect((await me(a)).role).toBe('USER');
  });

  it('ban refuses sign-in (for minutes, until a date, or until unbanned); unban restores it', async () => {
    const a = email();
    await create(a);
    expect((await cli(t, ['ban', a, '--minutes', '10'])).code).toBe(0);
    const refused = await login(a);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('banned');
    expect((await cli(t, ['list', '--search', a])).stdout).toMatch(/until \d{4}-/);
    expect((await cli(t, ['unban', a])).code).toBe(0);
    expect((await login(a)).status).toBe(200);

    expect((await cli(t, ['ban', a, '--until', '2999-01-01'])).code).toBe(0);
    expect((await login(a)).status).toBe(403);
    expect(Number((await userRow(a))?.banned_until)).toBe(Date.parse('2999-01-01'));
    expect((await cli(t, ['ban', a])).stdout).toMatch(/until unbanned/);
    expect((await cli(t, ['unban', a])).code).toBe(0);

    expect((await login(a)).status).toBe(200);
  });

  it('add-balance adds and takes away credits (balance rules: whole, non-zero)', async () => {
    const a = email();
    await create(a);
    expect((await cli(t, ['add-balance', a, '250'])).stdout).toMatch(/now has 1250 credits/);
    expect((await cli(t, ['add-balance', a, '-50'])).code).toBe(0);
    const { token } = await (await login(a)).json();
    const balance = await (
      await fetch(`${t.base}/api/balance`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(balance.tokenCredits).toBe(1200);
    for (const amount of ['0', '1.5', 'lots'])
      expect((await cli(t, ['add-balance', a, amount])).code).toBe(1);
  });

  it('delete asks for confirmation, then removes the user, their rows and their pictures', async () => {
    const a = email();
    await create(a);
    const { user } = await (await login(a)).json();
    const avatars = path.join(t.app.ctx.config.dataDir, 'avatars', user.id);
    mkdirSync(avatars, { recursive: true });
    writeFileSync(path.join(avatars, 'x.png'), 'png');

    const refused = await cli(t, ['delete', a]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/pass --yes/);
    expect((await cli(t, ['delete', a], { input: 'no\n' })).code).toBe(1);
    expect(await userRow(a)).toBeDefined();

    expect((await cli(t, ['delete', a], { input: 'yes\n' })).code).toBe(0);
    expect(await userRow(a)).toBeUndefined();
    const sessions = await t.app.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
    expect(existsSync(avatars)).toBe(false);
    expect((await login(a)).status).toBe(401);

    const b = email();
    await create(b);
    expect((await cli(t, ['delete', b, '--yes'])).code).toBe(0);
    expect(await userRow(b)).toBeUndefined();
    expect((await cli(t, ['delete', b, '--yes'])).code).toBe(1);
  });

  it('invite prints a registration link that opens registration once, for that address', async () => {
    const a = email();
    const closed = await post('/api/auth/register', {
      name: 'Invitee',
      email: a,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(closed.status).toBe(403);
    const run = await cli(t, ['invite', a], { viaNpm: true });
    expect(run.code).toBe(0);
    const link = new URL(run.stdout.trim());
    expect(link.pathname).toBe('/register');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    const other = { name: 'Invitee', password: PASSWORD, confirm_password: PASSWORD, token };
    expect((await post('/api/auth/register', { ...other, email: email() })).status).toBe(403);
    // Another address cannot use it, nor use it up.
    expect((await post('/api/auth/register', { ...other, email: a })).status).toBe(200);
    expect((await login(a)).status).toBe(200);
    expect((await me(a)).emailVerified).toBe(true);
    const again = email();
    const second = await cli(t, ['invite', again]);
    const reused = { ...other, token: new URL(second.stdout.trim()).searchParams.get('token')! };
    expect((await post('/api/auth/register', { ...reused, email: again })).status).toBe(200);
    expect((await post('/api/auth/register', { ...reused, email: again })).status).toBe(403);

    const existing = await cli(t, ['invite', a]);
    expect(existing.code).toBe(1);
    expect(existing.stderr).toMatch(/already has an account/);
  });
});

/** Input checks happen before the database is touched: one dialect is enough. */
describe('operator CLI: bad input', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await cli(t, ['create', 'known@example.com', '--name', 'Known', '--password', PASSWORD]);
  });
  afterAll(async () => t?.close());

  it('fails with a clear message and exit code 1', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['create', 'KNOWN@example.com', '--name', 'Again', '--password', PASSWORD],
        /^A user with the email "known@example.com" already exists\.$/,
      ],
      [
        ['create', 'not-an-email', '--name', 'Bad', '--password', PASSWORD],
        /^Invalid email: You must enter a valid email address$/,
      ],
      [
        ['create', 'new@example.com', '--name', 'Short', '--password', 'short'],
        /^Invalid password: Password must be at least 8 characters$/,
      ],
      [['create', 'new@example.com', '--name', 'No Password'], /^Missing --password/],
      [
        ['reset-password', 'ghost@example.com', '--password', 'whatever123'],
        /^No user with the email "ghost@example.com"\.$/,
      ],
      [['set-role', 'known@example.com', 'ROOT'], /^Invalid role/],
      [['ban', 'known@example.com', '--until', 'someday'], /^Invalid --until: "someday" is not a date/],
      [['ban', 'known@example.com', '--until', '2001-01-01'], /^Invalid --until: the date has passed\.$/],
      [['ban', 'known@example.com', '--minutes', '-5'], /^Invalid minutes/],
      [['ban', 'known@example.com', '--minutes', '5', '--until', '2999-01-01'], /not both/],
      [['add-balance', 'known@example.com', '5'], /^Balances are off/],
      [['list', '--limit', '0'], /^Invalid limit/],
    ];
    for (const [args, message] of cases) {
      const run = await cli(t, args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr.trim(), args.join(' ')).toMatch(message);
    }
    const known = await t.app.ctx.db
      .selectFrom('users')
      .select(['role', 'banned_until'])
      .where('email', '=', 'known@example.com')
      .executeTakeFirstOrThrow();
    expect(known).toEqual({ role: 'ADMIN', banned_until: null });
  });

  it('answers unknown commands, options and missing arguments with the usage (exit 2)', async () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['ban'],
      ['list', '--bogus'],
      ['set-role', 'known@example.com'],
    ]) {
      const run = await cli(t, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/Usage: npm run user --/);
    }
  });
});
