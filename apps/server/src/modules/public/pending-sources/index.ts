import { defineModule } from '../../../platform/module';
import { pendingSourceRoutes } from './pending-sources.routes';

/**
 * Spec §7 calls whose data source is not connected yet (trajectories, soundings, traffic images…): the real contract, answering an empty result of the right shape.
 * Each leaves this module when the issue that connects its source builds it for real.
 */
export const pendingSources = defineModule({
  name: 'pending-sources',
  tags: [{ name: 'pending', description: '数据源尚未接入的接口：契约已定，暂返回空结果' }],
  create() {
    return { api: {}, routes: pendingSourceRoutes };
  },
});
