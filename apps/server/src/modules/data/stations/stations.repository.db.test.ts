import { describe, expect, it } from 'vitest';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { type NewStation, StationsRepository } from './stations.repository';

const station = (code: string, city: string, county: string | null, extra: Partial<NewStation> = {}): NewStation => ({
  code,
  name: code,
  city_code: city,
  county_code: county,
  longitude: null,
  latitude: null,
  source: 'cnemc',
  ...extra,
});

describe.each(testDialects())('stations repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('counts the active stations inside an area scope by city or county code', async () => {
    const { database } = await fresh();
    const repo = new StationsRepository(database);
    await repo.upsert(
      [
        station('1001A', '110000', '110105'),
        station('1002A', '110000', '110105', { is_reference: 1 }),
        station('1003A', '110000', '110108'),
        station('1004A', '110000', null),
        station('1005A', '110000', '110105', { active: 0 }),
        station('1101A', '440300', '440305'),
        station('1102A', '440100', null),
        station('1201A', '429004', null),
      ],
      0,
    );
    expect(await repo.countInScope(NATIONWIDE)).toBe(7);
    expect(await repo.countInScope({ areaCode: '110000' })).toBe(4);
    expect(await repo.countInScope({ areaCode: '110105' })).toBe(2);
    expect(await repo.countInScope({ areaCode: '110101' })).toBe(0);
    expect(await repo.countInScope({ areaCode: '440000' })).toBe(2);
    expect(await repo.countInScope({ areaCode: '440300' })).toBe(1);
    // 仙桃 (a county-level city under the province directly) by its own code in city_code.
    expect(await repo.countInScope({ areaCode: '429004' })).toBe(1);
    expect(await repo.countInScope({ areaCode: '420000' })).toBe(1);
  });
});
