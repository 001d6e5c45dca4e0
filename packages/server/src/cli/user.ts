import { parseArgs } from 'node:util';
import { balanceService } from '../balance/service.ts';
import { loadEnv } from '../config/env.ts';
import { BalanceConfig, loadYamlConfig } from '../config/yaml.ts';
import { openDatabase } from '../db/index.ts';
import { createRepos } from '../db/repos/index.ts';
import { terminalPrompt } from './prompt.ts';
import { CliError, COMMANDS } from './user-commands.ts';

/**
 * `npm run user -- <command>`: operator account management on the server's own database
 * (same environment: DATA_DIR, DATABASE_URL, CONFIG_PATH). README "Managing users".
 */
const usage = () =>
  ['Usage: npm run user -- <command>', '', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options: command.options, allowPositionals: true }));
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
