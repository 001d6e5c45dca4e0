import type { BalanceService } from '../balance/service.ts';
import type { BalanceConfig, YamlConfig } from '../config/yaml.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { Db } from '../db/index.ts';
import type { Repos } from '../db/repos/index.ts';
import type { GenerationStore } from '../generation/store.ts';
import type { EndpointDef } from '../providers/catalog.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import type { TitleTracker } from './title.ts';

/** What the submission pipeline needs; built once in app.ts. */
export interface ChatDeps {
  db: Db;
  repos: Repos;
  catalog: EndpointDef[];
  providers: ProviderRegistry;
  generations: GenerationStore;
  titles: TitleTracker;
  box: SecretBox;
  balance: BalanceService;
  rates?: BalanceConfig['rates'];
  modelSpecs?: YamlConfig['modelSpecs'];
  allowedPrivateHosts: string[];
  maxRetries: number;
  /** Give up on a provider that sends nothing for this long (ms); see PROVIDER_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
  /** Hours a temporary chat (isTemporary) is kept before the retention job removes it. */
  tempChatRetentionHours: number;
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}
