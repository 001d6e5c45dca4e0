import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m001 from './migrations/001-initial.ts';
import * as m002 from './migrations/002-user-keys.ts';
import * as m003 from './migrations/003-session-grace.ts';
import * as m004 from './migrations/004-message-metadata.ts';
import * as m005 from './migrations/005-balance.ts';
import * as m006 from './migrations/006-presets.ts';
import * as m007 from './migrations/007-conversation-spec.ts';
import * as m008 from './migrations/008-search.ts';
import * as m009 from './migrations/009-conversation-tags.ts';
import * as m010 from './migrations/010-shared-links.ts';
import * as m011 from './migrations/011-message-files.ts';
import * as m012 from './migrations/012-auth-tokens.ts';
import * as m013 from './migrations/013-two-factor.ts';
import * as m014 from './migrations/014-user-identities.ts';
import * as m015 from './migrations/015-admin.ts';
import * as m016 from './migrations/016-account.ts';
import * as m017 from './migrations/017-search-scale.ts';
import * as m018 from './migrations/018-list-indexes.ts';
import * as m019 from './migrations/019-search-trigger-plans.ts';
import * as m020 from './migrations/020-files.ts';
import * as m021 from './migrations/021-file-chunks.ts';
import * as m022 from './migrations/022-file-reembed.ts';
import * as m023 from './migrations/023-file-chunk-bits.ts';
import * as m024 from './migrations/024-agents.ts';
import * as m025 from './migrations/025-actions.ts';
import * as m026 from './migrations/026-mcp.ts';
import * as m027 from './migrations/027-tool-calls.ts';
import * as m028 from './migrations/028-prompts.ts';

/** Migrations are listed in code so the bundled server needs no migration folder on disk. */
export const migrations: Record<string, Migration> = {
  '001-initial': m001,
  '002-user-keys': m002,
  '003-session-grace': m003,
  '004-message-metadata': m004,
  '005-balance': m005,
  '006-presets': m006,
  '007-conversation-spec': m007,
  '008-search': m008,
  '009-conversation-tags': m009,
  '010-shared-links': m010,
  '011-message-files': m011,
  '012-auth-tokens': m012,
  '015-admin': m015,
  '016-account': m016,
  '017-search-scale': m017,
  '014-user-identities': m014,
  '013-two-factor': m013,
  '018-list-indexes': m018,
  '019-search-trigger-plans': m019,
  '020-files': m020,
  '021-file-chunks': m021,
  '022-file-reembed': m022,
  '023-file-chunk-bits': m023,
  '024-agents': m024,
  '025-actions': m025,
  '026-mcp': m026,
  '027-tool-calls': m027,
  '028-prompts': m028,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // Features are built side by side and land in any order; each migration stands on its own, so a
  // database that already has a later one still takes an earlier one that arrives after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
