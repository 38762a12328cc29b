import { MemoryState } from './memory-state';
import { RedisState } from './redis-state';
import type { SharedState } from './shared-state';

export { MemoryState } from './memory-state';
export { RedisState } from './redis-state';
export type { SharedState } from './shared-state';

export function openSharedState(redisUrl: string | undefined): SharedState {
  return redisUrl === undefined ? new MemoryState() : new RedisState(redisUrl);
}
