import {
  AdjustBalanceBody,
  AdminUsersQuery,
  BanUserBody,
  LoginBody,
  NewPassword,
  RegisterBody,
  UpdateUserRoleBody,
} from '@parley/schema';
import type { z } from 'zod';
import { deleteAccountRows } from '../account/delete-account.ts';
import { BAN_FOREVER } from '../auth/ban.ts';
import { inviteLink } from '../auth/email-links.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createRepos, type Repos } from '../db/repos/index.ts';
import type { UserRow } from '../db/schema.ts';
import type { Services } from '../services.ts';
import type { Prompt } from './prompt.ts';

/** A mistake the operator can fix: printed without a stack trace, exit code 1. */
export class CliError extends Error {}

/** The services the commands share with the admin routes, plus the terminal. */
export type CliDeps = Pick<
  Services,
  'config' | 'db' | 'repos' | 'balance' | 'adminUsers' | 'avatars' | 'fileStorage'
> & {
  prompt: Prompt;
  out: (line: string) => void;
};

type Flags = Record<string, string | boolean | undefined>;

export interface Command {
  usage: string;
  /** Positional arguments: required count, then the most accepted. */
  args: [number, number];
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>;
  run(deps: CliDeps, args: string[], flags: Flags): Promise<void>;
}

/** The first issue of a failed zod parse, named after its field. */
function parse<T extends z.ZodType>(schema: T, value: unknown, label?: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || label;
  throw new CliError(field ? `Invalid ${field}: ${issue?.message}` : (issue?.message ?? 'Invalid input.'));
}

const text = (flags: Flags, name: string) => (typeof flags[name] === 'string' ? flags[name] : undefined);

/** A user named by email (or id). */
async function findUser(repos: Repos, who: string): Promise<UserRow> {
  const user = who.includes('@')
    ? await repos.users.findByEmail(who.trim())
    : await repos.users.findById(who);
  if (!user) throw new CliError(`No user with ${who.includes('@') ? 'the email' : 'the id'} "${who}".`);
  return user;
}

async function askRequired(prompt: Prompt, question: string, flag: string, hidden = false) {
  const answer = await prompt.ask(question, { hidden });
  if (answer === null) throw new CliError(`Missing --${flag} (there is no terminal to ask).`);
  return answer;
}

/** --password, or asked twice (hidden) in a terminal; from a pipe, one line. */
async function newPassword(prompt: Prompt, flags: Flags): Promise<string> {
  const given = text(flags, 'password');
  if (given !== undefined) return parse(NewPassword, given, 'password');
  const password = parse(NewPassword, await askRequired(prompt, 'Password: ', 'password', true), 'password');
  if (process.stdin.isTTY) {
    const again = await askRequired(prompt, 'Repeat the password: ', 'password', true);
    if (again !== password) throw new CliError('The passwords do not match.');
  }
  return password;
}

const role = (value: string) => parse(UpdateUserRoleBody, { role: value.toUpperCase() }).role;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const banText = (until: number | null, now: number) =>
  until === null || until <= now ? '' : until >= BAN_FOREVER ? 'until unbanned' : `until ${date(until)}`;

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}

export const COMMANDS: Record<string, Command> = {
  create: {
    usage: 'create <email> [--name NAME] [--username NAME] [--password PASSWORD] [--role USER|ADMIN]',
    args: [1, 1],
    options: {
      name: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
    async run({ repos, prompt, out }, [email], flags) {
      // Check what was given before asking for more.
      parse(LoginBody.pick({ email: true }), { email });
      const chosenRole = text(flags, 'role') === undefined ? undefined : role(text(flags, 'role')!);
      const name = text(flags, 'name') ?? (await askRequired(prompt, 'Name: ', 'name'));
      const password = await newPassword(prompt, flags);
      const body = parse(RegisterBody, {
        name,
        username: text(flags, 'username'),
        email,
        password,
        confirm_password: password,
      });
      if (await repos.users.findByEmail(body.email))
        throw new CliError(`A user with the email "${body.email.toLowerCase()}" already exists.`);
      if (body.username && (await repos.users.usernameTaken(body.username)))
        throw new CliError(`The username "${body.username}" is taken.`);
      // An operator made the account: the address counts as verified.
      const user = await repos.users.create({
        name: body.name,
        username: body.username || null,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        emailVerified: true,
        role: chosenRole,
      });
      out(`Created ${user.role} ${user.email} (id ${user.id}).`);
    },
  },

  list: {
    usage: 'list [--search TEXT] [--limit N]',
    args: [0, 0],
    options: { search: { type: 'string' }, limit: { type: 'string' } },
    async run({ adminUsers, out }, _args, flags) {
      const query = parse(AdminUsersQuery, {
        search: text(flags, 'search'),
        limit: text(flags, 'limit') ?? 50,
      });
      const { rows, nextCursor } = await adminUsers.list(query);
      if (rows.length === 0) return out('No users.');
      const now = Date.now();
      const lines = table([
        ['EMAIL', 'NAME', 'ROLE', 'CREATED (UTC)', 'BANNED'],
        ...rows.map((r) => [r.email, r.name, r.role, date(r.created_at), banText(r.banned_until, now)]),
      ]);
      for (const line of lines) out(line);
      if (nextCursor) out(`More users than shown: narrow with --search or raise --limit (at most 100).`);
    },
  },

  'reset-password': {
    usage: 'reset-password <email> [--password PASSWORD]',
    args: [1, 1],
    options: { password: { type: 'string' } },
    async run({ db, repos, prompt, out }, [who], flags) {
      const user = await findUser(repos, who);
      const passwordHash = await hashPassword(await newPassword(prompt, flags));
      // As after a mailed reset: whoever knew the old password loses their sessions.
      await db.transaction().execute(async (trx) => {
        const r = createRepos(trx);
        await r.users.setPasswordHash(user.id, passwordHash);
        await r.sessions.removeAllForUser(user.id);
        await r.authTokens.removeForUser(user.id, 'reset');
      });
      out(`Password changed for ${user.email}; every session of this user is signed out.`);
    },
  },

  'set-role': {
    usage: 'set-role <email> USER|ADMIN',
    args: [2, 2],
    options: {},
    async run({ adminUsers, repos, out }, [who, value]) {
      const next = role(value);
      const user = await findUser(repos, who);
      await adminUsers.setRole(user.id, next);
      out(`${user.email} is now ${next}.`);
    },
  },

  ban: {
    usage: 'ban <email> [--minutes N | --until DATE]   (no option: until unbanned)',
    args: [1, 1],
    options: { minutes: { type: 'string' }, until: { type: 'string' } },
    async run({ adminUsers, repos, out }, [who], flags) {
      const minutes = text(flags, 'minutes');
      const untilText = text(flags, 'until');
      if (minutes !== undefined && untilText !== undefined)
        throw new CliError('Give --minutes or --until, not both.');
      let until = BAN_FOREVER;
      if (minutes !== undefined) {
        const body = parse(BanUserBody, { minutes: Number(minutes) });
        until = Date.now() + body.minutes! * 60_000;
      } else if (untilText !== undefined) {
        until = Date.parse(untilText);
        if (!Number.isFinite(until))
          throw new CliError(
            `Invalid --until: "${untilText}" is not a date (e.g. 2030-01-31 or 2030-01-31T18:00Z).`,
          );
        if (until <= Date.now()) throw new CliError('Invalid --until: the date has passed.');
      }
      const user = await findUser(repos, who);
      await adminUsers.setBannedUntil(user.id, until);
      out(`${user.email} is banned ${banText(until, Date.now())}.`);
    },
  },

  unban: {
    usage: 'unban <email>',
    args: [1, 1],
    options: {},
    async run({ adminUsers, repos, out }, [who]) {
      const user = await findUser(repos, who);
      await adminUsers.setBannedUntil(user.id, null);
      out(`${user.email} is no longer banned.`);
    },
  },

  'add-balance': {
    usage: 'add-balance <email> <credits>   (negative to take credits away)',
    args: [2, 2],
    options: {},
    async run({ db, repos, balance, out }, [who, amount]) {
      if (!balance.enabled)
        throw new CliError('Balances are off: set balance.enabled: true in librechat.yaml.');
      const body = parse(AdjustBalanceBody, { amount: Number(amount) });
      const user = await findUser(repos, who);
      const credits = await balance.adjust(db, user.id, body.amount);
      out(`${user.email} now has ${credits} credits.`);
    },
  },

  delete: {
    usage: 'delete <email> [--yes]',
    args: [1, 1],
    options: { yes: { type: 'boolean', short: 'y' } },
    async run({ avatars, fileStorage, db, repos, prompt, out }, [who], flags) {
      const user = await findUser(repos, who);
      if (!flags.yes) {
        const answer = await prompt.ask(`Delete ${user.email} and everything they own? Type "yes": `);
        if (answer === null) throw new CliError('Not deleted: pass --yes to confirm without a terminal.');
        if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('Not deleted.');
      }
      // The same removal as a user deleting their own account: every row, then their pictures and files.
      await deleteAccountRows(db, user.id);
      await avatars.removeAll(user.id);
      await fileStorage.deleteUser(user.id);
      out(`Deleted ${user.email} and all their data.`);
    },
  },

  invite: {
    usage: 'invite <email>   (prints a registration link, valid 7 days)',
    args: [1, 1],
    options: {},
    async run({ config, repos, out }, [email]) {
      const address = parse(LoginBody.pick({ email: true }), { email }).email;
      if (await repos.users.findByEmail(address)) throw new CliError(`"${address}" already has an account.`);
      out(await inviteLink(config, repos, address));
    },
  },
};
