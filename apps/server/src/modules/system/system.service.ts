import type { Database } from '../../platform/db/database';
import type { SharedState } from '../../platform/state';

type Check = 'ok' | 'failed';

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
    private readonly database: Database,
    private readonly state: SharedState,
  ) {}

  health() {
    return { status: 'ok' as const, uptimeSeconds: Number(process.hrtime.bigint() - this.startedAt) / 1e9 };
  }

  async readiness(): Promise<{ database: Check; sharedState: Check }> {
    const [database, sharedState] = await Promise.all([
      probe(() => this.database.ping()),
      probe(() => this.state.ping()),
    ]);
    return { database, sharedState };
  }
}
