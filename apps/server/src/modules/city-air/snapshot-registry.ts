import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';
import { AirRepository } from '../air';
import type { PublicDataDeps } from '../public-api/deps';
import { CurrentSnapshot } from './current-snapshot';

const snapshots = new WeakMap<Database, CurrentSnapshot>();

/**
 * The one current-hour snapshot of an application (keyed by its database), so that every public
 * data module answering "now" (city calls, rankings, the map) shares one copy and one rebuild. The
 * first plugin that asks creates it, subscribes it to new hours, and closes it with the server.
 * It is built lazily, on the first request or the first notification.
 */
export async function currentSnapshotFor(app: FastifyInstance, deps: PublicDataDeps): Promise<CurrentSnapshot> {
  const known = snapshots.get(deps.database);
  if (known !== undefined) return known;
  const snapshot = new CurrentSnapshot(new AirRepository(deps.database), {
    onError: (error) =>
      app.log.error({ err: error }, 'current-hour snapshot: rebuild failed, serving the previous one'),
  });
  snapshots.set(deps.database, snapshot);
  await snapshot.listen(deps.state);
  app.addHook('onClose', async () => {
    snapshots.delete(deps.database);
    await snapshot.close();
  });
  return snapshot;
}
