import type { AnyDatabase } from '../../../platform/db/database';
import type { SharedState } from '../../../platform/state';
import type { SystemRepository } from './system.repository';

type Check = 'ok' | 'failed';
type DemoSeedState = 'none' | 'running' | 'complete' | 'removed';

/** app_meta key of the demo seed (modules/data/demo): 'running' while under way, 'complete' after, 'removed' after a purge. */
export const DEMO_SEED_META = 'demo_seed';

/** A dependency that does not answer within this time counts as down. */
const READINESS_TIMEOUT_MS = 2_000;

async function probe(fn: () => Promise<void>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([fn(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export class SystemService {
  private readonly startedAt = process.hrtime.bigint();

  constructor(
    private readonly database: AnyDatabase,
    private readonly state: SharedState,
    private readonly meta: SystemRepository,
  ) {}

  health() {
    return { status: 'ok' as const, uptimeSeconds: Number(process.hrtime.bigint() - this.startedAt) / 1e9 };
  }

  async readiness(): Promise<{ database: Check; sharedState: Check; demoSeed: DemoSeedState }> {
    const [database, sharedState] = await Promise.all([
      probe(() => this.database.ping()),
      probe(() => this.state.ping()),
    ]);
    // Informational: the server is ready while the demo history is still being written, but tools
    // (the browser tests) wait for 'complete' before they look at the data.
    let demoSeed: DemoSeedState = 'none';
    if (database === 'ok') {
      const value = await this.meta.getMeta(DEMO_SEED_META).catch(() => undefined);
      if (value === 'running' || value === 'complete' || value === 'removed') demoSeed = value;
    }
    return { database, sharedState, demoSeed };
  }
}
