import { avatarStore } from '../account/avatars.ts';
import { adminUsers } from '../admin/users.ts';
import { balanceService } from '../balance/service.ts';
import { loadEnv } from '../config/env.ts';
import { BalanceConfig, loadYamlConfig } from '../config/yaml.ts';
import { openDatabase } from '../db/index.ts';
import { createRepos } from '../db/repos/index.ts';
import { localFileStorage } from '../files/storage.ts';
import { terminalPrompt } from './prompt.ts';
import { CliError, COMMANDS, type Command } from './user-commands.ts';

/**
 * `npm run user -- <command>`: operator account management on the server's own database
 * (same environment: DATA_DIR, DATABASE_URL, CONFIG_PATH). README "Managing users".
 */
const usage = () =>
  ['Usage: npm run user -- <command>', '', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');

/**
 * `--name value`, `--name=value`, `-y` and positionals. Hand-rolled rather than util.parseArgs,
 * which takes `-50` (add-balance) for a short option.
 */
function parseCommandArgs(command: Command, argv: string[]) {
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  const shorts = new Map(
    Object.entries(command.options).map(([name, o]) => [o.short && `-${o.short}`, name]),
  );
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const long = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = long ? long[1] : shorts.get(arg);
    if (!name) {
      if (/^-[^\d]/.test(arg)) throw new CliError(`Unknown option "${arg}".`);
      positionals.push(arg);
      continue;
    }
    const option = command.options[name];
    if (!option) throw new CliError(`Unknown option "--${name}".`);
    if (option.type === 'boolean') {
      if (long?.[2] !== undefined) throw new CliError(`--${name} takes no value.`);
      values[name] = true;
    } else {
      const value = long?.[2] ?? argv[++i];
      if (value === undefined) throw new CliError(`--${name} needs a value.`);
      values[name] = value;
    }
  }
  return { values, positionals };
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    console.error(usage());
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  let values: Record<string, string | boolean>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandArgs(command, rest));
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run user -- ${command.usage}`);
    return 2;
  }
  const [min, max] = command.args;
  if (positionals.length < min || positionals.length > max) {
    console.error(`Usage: npm run user -- ${command.usage}`);
    return 2;
  }

  const config = loadEnv();
  const { config: yaml } = loadYamlConfig(config.configPath, config.env);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await command.run(
      {
        config,
        db: handle.db,
        repos: createRepos(handle.db),
        balance: balanceService(BalanceConfig.parse(yaml.balance ?? {})),
        adminUsers: adminUsers(handle.db),
        avatars: avatarStore(config.dataDir),
        fileStorage: localFileStorage(config.dataDir),
        prompt: terminalPrompt(),
        out: (line) => console.log(line),
      },
      positionals,
      values,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(
      error instanceof CliError ? error.message : `Failed: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  },
);
