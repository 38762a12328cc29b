import { type Env, oneOf } from '../../../platform/config';

export interface VocSettings {
  /** The demo VOC stations send to the server's own gateway: DEMO_DATA=on and HJ212_DEMO_NETWORK not off. */
  demo: boolean;
}

/** The demo device network's own switches; the VOC module adds no setting of its own. */
export function readVocSettings(env: Env): VocSettings {
  const data = oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on') === 'on';
  return { demo: data && env.HJ212_DEMO_NETWORK !== 'off' };
}
