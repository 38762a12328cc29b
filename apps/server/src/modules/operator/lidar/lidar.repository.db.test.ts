import { describe, expect, it } from 'vitest';
import type { AreaScope } from '../../../platform/db/area-scope';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { packDepol, packExtinction, unpackDepol, unpackExtinction } from './codec';
import { HotspotsRepository } from './hotspots.repository';
import { RecordsRepository } from './records.repository';
import { ScansRepository } from './scans.repository';
import { VisibilityRepository } from './visibility.repository';

const T = 1_795_500_000;
const CHAOYANG: AreaScope = { areaCode: '110105' };
const FENGTAI: AreaScope = { areaCode: '110106' };

const scan = (device: number, area: string, t: number, values: number[]) => ({
  device_id: device,
  area_code: area,
  kind: 'HS',
  t,
  elevation: 0,
  azimuth_start: 0,
  azimuth_step: 90,
  azimuth_count: 4,
  bins: values.length / 4,
  bin_m: 7.5,
  first_range: 3.75,
  extinction: packExtinction(values),
  depol: packDepol(values.map(() => 0.05)),
  mean_ext: 0.2,
  max_ext: 0.4,
  source: 'demo',
  created_at: t,
});

const hotspot = (device: number, area: string, t: number, status = 'pending') => ({
  origin: 'scan',
  device_id: device,
  area_code: area,
  record_id: null,
  lon: 116.4,
  lat: 39.9,
  distance: 1000,
  azimuth: 90,
  first_t: t,
  last_t: t,
  scans: 2,
  peak_excess: 0.3,
  auto_factor: 'Extinction',
  value: 0.3,
  status,
  plot_type: null,
  plot_shortname: null,
  plot_placename: null,
  description: '',
  reviewed_by: null,
  reviewed_at: null,
  source: 'demo',
  created_at: t,
});

describe.each(testDialects())('lidar repositories on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('stores packed scans, replaces a scan of the same time, navigates within the scope only', async () => {
    const { database } = await fresh();
    const scans = new ScansRepository(database);
    const values = [0.1, 0.2, Number.NaN, 0.4, 0.5, 0.6, 0.7, 0.8];
    await scans.saveScan(scan(1, '110105', T, values));
    const second = await scans.saveScan(scan(1, '110105', T + 1800, values));
    const again = await scans.saveScan(
      scan(
        1,
        '110105',
        T + 1800,
        values.map((v) => v * 2),
      ),
    );
    await scans.saveScan(scan(2, '110106', T, values));
    expect(again).not.toBe(second);
    const stored = await scans.scan(again, CHAOYANG);
    const back = unpackExtinction(stored?.extinction ?? new Uint8Array());
    expect(back[0]).toBeCloseTo(0.2, 3);
    expect(Number.isNaN(back[2])).toBe(true);
    expect(unpackDepol(stored?.depol ?? new Uint8Array())[1]).toBeCloseTo(0.05, 3);
    expect(await scans.scan(again, FENGTAI)).toBeUndefined();
    expect((await scans.scanNear(1, 'HS', CHAOYANG, null, 'at'))?.t).toBe(T + 1800);
    expect((await scans.scanNear(1, 'HS', CHAOYANG, T + 1800, 'pre'))?.t).toBe(T);
    expect(await scans.scanNear(1, 'HS', CHAOYANG, T + 1800, 'next')).toBeUndefined();
    expect(await scans.scanNear(1, 'HS', FENGTAI, null, 'at')).toBeUndefined();
    expect((await scans.scansBetween(1, 'HS', NATIONWIDE, T, T + 3600, 10)).map((s) => s.t)).toEqual([T, T + 1800]);
    expect(await scans.newestTimes([1, 2])).toEqual(
      new Map([
        [1, { t: T + 1800, source: 'demo' }],
        [2, { t: T, source: 'demo' }],
      ]),
    );
  });

  it('lists, counts and deletes hot spots within the scope, with their photos', async () => {
    const { database } = await fresh();
    const repo = new HotspotsRepository(database);
    const a = await repo.insert(hotspot(1, '110105', T));
    await repo.insert(hotspot(1, '110105', T + 100, 'confirmed'));
    const c = await repo.insert(hotspot(2, '110106', T));
    await repo.addPhotos([
      {
        hotspot_id: a,
        name: 'a.jpg',
        mime: 'image/jpeg',
        width: 1,
        height: 1,
        sha256: 'x'.repeat(64),
        data: Buffer.from([1, 2, 3]),
        created_by: 'cy',
        created_at: T,
      },
    ]);
    const chaoyang = await repo.list(CHAOYANG, { from: T - 10, to: T + 200 }, { offset: 0, limit: 10 });
    expect(chaoyang.total).toBe(2);
    expect(chaoyang.list.find((h) => h.id === a)?.photo_count).toBe(1);
    expect((await repo.list(NATIONWIDE, { status: 'pending' }, null)).total).toBe(2);
    expect(await repo.photo((await repo.photos(a))[0]?.id ?? 0, FENGTAI)).toBeUndefined();
    expect(await repo.delete([c], CHAOYANG)).toBe(0);
    expect(await repo.delete([a], CHAOYANG)).toBe(1);
    expect(await repo.photos(a)).toEqual([]);
  });

  it('keeps a record with its points in one transaction, replaced by its uniqueid, collected, scoped', async () => {
    const { database } = await fresh();
    const repo = new RecordsRepository(database);
    const record = {
      device_id: 5,
      area_code: '110105',
      uniqueid: 'R1',
      start_t: T,
      end_t: T + 60,
      is_collect: 0,
      points: 2,
      length_m: 100,
      mean_pm25: 40,
      max_pm25: 60,
      flux_gs: 1.2,
      bins: 2,
      bin_m: 15,
      first_height: 7.5,
      source: 'demo',
    };
    const point = (seq: number) => ({
      seq,
      t: T + seq * 30,
      lon: 116.4,
      lat: 39.9,
      extinction: packExtinction([0.1, 0.2]),
      depol: packDepol([0.05, 0.05]),
      blh: 500,
      pm25: 40,
      pm10: 60,
    });
    await repo.save(record, [point(0), point(1)]);
    const id = await repo.save(record, [point(0), point(1), point(2)]);
    expect((await repo.list(NATIONWIDE, {}, null)).total).toBe(1);
    expect(await repo.points(id)).toHaveLength(3);
    await repo.setCollect(id, true);
    expect((await repo.list(CHAOYANG, { collected: true }, null)).total).toBe(1);
    expect(await repo.get(id, FENGTAI)).toBeUndefined();
    expect(await repo.delete([id], FENGTAI)).toBe(0);
    expect(await repo.delete([id], CHAOYANG)).toBe(1);
    expect(await repo.points(id)).toEqual([]);
  });

  it('opens and ends fog warnings per road', async () => {
    const { database } = await fresh();
    const repo = new VisibilityRepository(database);
    const road = await repo.insertRoad({
      device_id: 9,
      area_code: '110106',
      name: '京港澳',
      line_json: '[[116,39],[116.1,39.1]]',
    });
    const w = await repo.insertWarning({
      device_id: 9,
      road_id: road,
      area_code: '110106',
      level: 3,
      visibility: 400,
      start_t: T,
      last_t: T,
      end_t: null,
      police_json: '[]',
    });
    expect((await repo.openWarning(road))?.id).toBe(w);
    await repo.updateWarning(w, { end_t: T + 600, last_t: T + 600 });
    expect(await repo.openWarning(road)).toBeUndefined();
    expect((await repo.warnings(FENGTAI, { active: false }, null)).total).toBe(1);
    expect((await repo.warnings(CHAOYANG, {}, null)).total).toBe(0);
  });
});
