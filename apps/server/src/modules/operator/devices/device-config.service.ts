import { expectedIntervalOf, offlineAfterSeconds } from '@lantian/domain';
import type { AreaScope } from '../../../platform/db/area-scope';
import type { RegistryService } from './registry.service';

/** The rules that apply to a device, from the alarm module (it registers after it is created). */
export interface AppliedRule {
  ruleId: string;
  name: string;
  kind: string;
  factor: string | null;
  level: number;
}

export type RulesOf = (device: { id: number; type: string }) => Promise<AppliedRule[]>;

/** GET /configuration/getDeviceConfig: what a device is expected to send, its limits and its alarm rules. */
export class DeviceConfigService {
  rulesOf: RulesOf = async () => [];

  constructor(private readonly registry: RegistryService) {}

  async of(deviceId: number, scope: AreaScope) {
    const device = await this.registry.get(deviceId, scope);
    const intervalSeconds = expectedIntervalOf(device.type, device.config.intervalSeconds);
    return {
      deviceId: device.deviceId,
      mn: device.mn,
      type: device.type,
      typeName: device.typeName,
      intervalSeconds,
      offlineAfterSeconds: offlineAfterSeconds(intervalSeconds),
      noiseZone: device.config.noiseZone,
      factors: device.factors,
      rules: await this.rulesOf({ id: deviceId, type: device.type }),
    };
  }
}
