import { readFileSync } from 'node:fs';
import { chinaTime, cityRealtimeAqi } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { releaseStationsOf, SHARED_CNEMC_HOUR, sharedFile } from '../../../testing/shared-data';
import { signedInject } from '../../../testing/signed';
import { Importer } from '../../data/ingest';

/**
 * Issue 5's acceptance: after importing the shared national hour of 2018-02-20 07:00, the public call
 * `getCityCurrentData` answers Beijing's city AQI as the domain rules compute it from the file alone.
 * Runs only under `npm run test:realdata`.
 */

const file = sharedFile(SHARED_CNEMC_HOUR);
if (file === null) throw new Error(`shared data not found: ${SHARED_CNEMC_HOUR} (set LANTIAN_SHARED_DIR)`);
const bytes = readFileSync(file);
const T = chinaTime(2018, 2, 20, 7);

let app: TestApp;
beforeAll(async () => {
  // The data clock stands 20 minutes after the hour, when the release is normally out.
  app = await createTestApp({ now: () => T + 20 * 60 });
  const importer = new Importer(app.database);
  await importer.importFile({ name: SHARED_CNEMC_HOUR, bytes });
  await importer.finish();
  expect(importer.summary()).toMatchObject({ inserted: 1495, rejected: { count: 0 } });
});
afterAll(async () => {
  await app.close();
});

describe('getCityCurrentData on the imported national hour', () => {
  it('answers Beijing (110000) with the AQI the domain rules give for the file', async () => {
    const beijing = releaseStationsOf(bytes.toString('utf8'), '北京市');
    const expected = cityRealtimeAqi(beijing);
    expect(expected.aqi).not.toBeNull();

    for (const city of ['110000', 'beijing']) {
      const res = await signedInject(app.server, app.config, {
        method: 'POST',
        url: '/api/getCityCurrentData',
        params: { city },
      });
      expect(res.statusCode).toBe(200);
      const { code, data } = res.json();
      expect(code).toBe(0);
      expect(data.cityCode).toBe('110000');
      expect(data.current).toMatchObject({
        aqi: expected.aqi,
        level: expected.level,
        primaryPollutant: expected.primaryPollutants,
        time: '2018-02-20 07:00:00',
        stale: false,
        stationCount: expected.stationCount,
        source: 'cnemc',
        isDemo: false,
      });
    }
  });
});
