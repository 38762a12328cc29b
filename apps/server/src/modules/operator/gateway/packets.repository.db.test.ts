import type { Hj212Packet } from '@lantian/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';
import type { GatewayUnregisteredTable } from './gateway.tables';
import { MAX_UNREGISTERED, PacketsRepository } from './packets.repository';
import { UnregisteredLog } from './unregistered-log';

const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const MNS = ['LT110105A0001', 'LT110105A0002', 'LT440305A0001'] as const;

const rawPacket = (i: number) => ({
  received_at: NOW + i,
  mn: MNS[i % 3] as string,
  cn: i % 2 === 0 ? '2011' : '2051',
  qn: i % 5 === 0 ? null : `20261125120000${String(i % 1000).padStart(3, '0')}`,
  peer: `tcp:10.0.0.${i % 200}:40${i % 100}`,
  raw: `QN=…;ST=22;CN=2011;PW=***;MN=${MNS[i % 3]};Flag=5;CP=&&DataTime=20261125120000;a34004-Rtd=${i}&&`,
});

const unregistered = (mn: string, over: Partial<GatewayUnregisteredTable> = {}): GatewayUnregisteredTable => ({
  mn,
  first_seen: NOW,
  last_seen: NOW,
  packets: 1,
  last_ip: '10.0.0.1',
  last_cn: '2011',
  st: '22',
  factors_json: '["a34004"]',
  ...over,
});

const hj212 = (mn: string, cp: string, cn = '2011'): Hj212Packet => ({
  st: '22',
  cn,
  pw: '123456',
  mn,
  flag: 5,
  cp,
  needsAnswer: true,
  split: false,
});

describe.each(testDialects())('gateway packets repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  async function setup() {
    const { database } = await fresh();
    return { database, repo: new PacketsRepository(database) };
  }

  it('logs raw packets in batches larger than one statement, and lists them newest first by page', async () => {
    const { repo } = await setup();
    await repo.insertPackets([]);
    await repo.insertPackets(Array.from({ length: 1100 }, (_, i) => rawPacket(i)));

    const first = await repo.listPackets({ mns: null }, { offset: 0, limit: 3 });
    expect(first.total).toBe(1100);
    expect(typeof first.total).toBe('number');
    expect(first.list.map((p) => p.received_at - NOW)).toEqual([1099, 1098, 1097]);
    const [newest] = first.list;
    expect(newest).toEqual({ id: newest?.id, ...rawPacket(1099) });
    expect(typeof newest?.id).toBe('number');
    expect(typeof newest?.received_at).toBe('number');
    const ids = first.list.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const later = await repo.listPackets({ mns: null }, { offset: 1098, limit: 5 });
    expect(later.list.map((p) => p.received_at - NOW)).toEqual([1, 0]);
    expect(later.list[1]?.qn).toBeNull();
    expect(later.total).toBe(1100);
  });

  it('lists the packets of the MNs an operator may see, and of one MN', async () => {
    const { repo } = await setup();
    await repo.insertPackets(Array.from({ length: 30 }, (_, i) => rawPacket(i)));
    const page = { offset: 0, limit: 100 };

    expect(await repo.listPackets({ mns: [] }, page)).toEqual({ list: [], total: 0 });
    expect(await repo.listPackets({ mns: [], mn: MNS[0] }, page)).toEqual({ list: [], total: 0 });
    const two = await repo.listPackets({ mns: [MNS[0], MNS[2], 'UNKNOWN'] }, page);
    expect(two.total).toBe(20);
    expect(new Set(two.list.map((p) => p.mn))).toEqual(new Set([MNS[0], MNS[2]]));
    const one = await repo.listPackets({ mns: null, mn: MNS[1] }, { offset: 0, limit: 4 });
    expect(one.total).toBe(10);
    expect(one.list.map((p) => p.received_at - NOW)).toEqual([28, 25, 22, 19]);
    expect((await repo.listPackets({ mns: [MNS[0], MNS[1]], mn: MNS[1] }, page)).total).toBe(10);
    // The MN asked for outside the operator's MNs: nothing.
    expect(await repo.listPackets({ mns: [MNS[0]], mn: MNS[2] }, page)).toEqual({ list: [], total: 0 });
  });

  it('reads the packets of a period for replay in arrival order, and deletes those older than the retention', async () => {
    const { repo } = await setup();
    await repo.insertPackets(Array.from({ length: 30 }, (_, i) => rawPacket(i)));

    const period = await repo.packetsBetween(NOW + 10, NOW + 15, null);
    expect(period.map((p) => p.received_at - NOW)).toEqual([10, 11, 12, 13, 14, 15]);
    expect(period[0]).toEqual({ id: period[0]?.id, ...rawPacket(10) });
    expect((await repo.packetsBetween(NOW + 10, NOW + 15, MNS[1])).map((p) => p.received_at - NOW)).toEqual([10, 13]);
    expect(await repo.packetsBetween(NOW + 100, NOW + 200, null)).toEqual([]);

    expect(await repo.deletePacketsBefore(NOW + 12)).toBe(12);
    expect(await repo.deletePacketsBefore(NOW + 12)).toBe(0);
    const left = await repo.listPackets({ mns: null }, { offset: 0, limit: 100 });
    expect(left.total).toBe(18);
    expect(Math.min(...left.list.map((p) => p.received_at))).toBe(NOW + 12);
  });

  it('records unregistered MNs, adding up their packets and merging their factors on every write', async () => {
    const { repo } = await setup();
    await repo.recordUnregistered([]);
    await repo.recordUnregistered([
      unregistered('UNREG0001', { packets: 3, factors_json: '["a34004","a34002"]' }),
      unregistered('UNREG0002', { last_seen: NOW + 5, last_cn: null, st: null, factors_json: '[]' }),
    ]);
    await repo.recordUnregistered([
      unregistered('UNREG0001', {
        first_seen: NOW + 100,
        last_seen: NOW + 120,
        packets: 4,
        last_ip: '10.0.0.9',
        last_cn: '2051',
        st: '31',
        factors_json: '["a34002","a01001"]',
      }),
    ]);
    // A write of older sightings (a slow flush) does not move last_seen back.
    await repo.recordUnregistered([unregistered('UNREG0002', { last_seen: NOW + 1, packets: 2 })]);

    const { list, total } = await repo.listUnregistered({ offset: 0, limit: 10 });
    expect(total).toBe(2);
    expect(typeof total).toBe('number');
    expect(list).toEqual([
      {
        mn: 'UNREG0001',
        first_seen: NOW,
        last_seen: NOW + 120,
        packets: 7,
        last_ip: '10.0.0.9',
        last_cn: '2051',
        st: '31',
        factors_json: '["a34004","a34002","a01001"]',
      },
      {
        mn: 'UNREG0002',
        first_seen: NOW,
        last_seen: NOW + 5,
        packets: 3,
        last_ip: '10.0.0.1',
        last_cn: '2011',
        st: '22',
        factors_json: '["a34004"]',
      },
    ]);

    // At most 64 factors are kept.
    const many = JSON.stringify(Array.from({ length: 70 }, (_, i) => `f${i}`));
    await repo.recordUnregistered([unregistered('UNREG0002', { factors_json: many })]);
    expect(JSON.parse((await repo.listUnregistered({ offset: 1, limit: 1 })).list[0]?.factors_json ?? '')).toHaveLength(
      64,
    );
  });

  it('lists unregistered MNs by their last sighting with paging, and forgets those adopted', async () => {
    const { repo } = await setup();
    await repo.recordUnregistered(
      Array.from({ length: 5 }, (_, i) => unregistered(`UNREG000${i}`, { last_seen: NOW + i * 10 })),
    );
    const page = await repo.listUnregistered({ offset: 1, limit: 2 });
    expect(page.list.map((r) => r.mn)).toEqual(['UNREG0003', 'UNREG0002']);
    expect(page.total).toBe(5);
    expect(typeof page.list[0]?.last_seen).toBe('number');
    expect(typeof page.list[0]?.packets).toBe('number');

    await repo.forgetUnregistered([]);
    await repo.forgetUnregistered(['UNREG0004', 'UNREG0001', 'NOTTHERE']);
    const left = await repo.listUnregistered({ offset: 0, limit: 10 });
    expect(left.list.map((r) => r.mn)).toEqual(['UNREG0003', 'UNREG0002', 'UNREG0000']);
    expect(left.total).toBe(3);
  });

  it(`keeps at most ${MAX_UNREGISTERED} unregistered MNs: new ones beyond are dropped, known ones still counted`, async () => {
    const { database, repo } = await setup();
    await database.bulkInsert(
      'gateway_unregistered',
      Array.from({ length: MAX_UNREGISTERED - 1 }, (_, i) => unregistered(`FULL${String(i).padStart(6, '0')}`)),
    );
    await repo.recordUnregistered([
      unregistered('FULL000007', { last_seen: NOW + 50, packets: 2 }),
      unregistered('NEW0000001', { last_seen: NOW + 60 }),
      unregistered('NEW0000002', { last_seen: NOW + 70 }),
    ]);
    const { list, total } = await repo.listUnregistered({ offset: 0, limit: 3 });
    expect(total).toBe(MAX_UNREGISTERED);
    expect(list.map((r) => [r.mn, r.packets])).toEqual([
      ['NEW0000001', 1],
      ['FULL000007', 3],
      [expect.stringMatching(/^FULL/), 1],
    ]);
  });

  it('coalesces the sightings of the gateway in memory and writes them in one go', async () => {
    const { repo } = await setup();
    const log = new UnregisteredLog(repo, pino({ level: 'silent' }));
    await log.flush();
    log.seen(hj212('UNREG0001', 'DataTime=20261125120000;a34004-Rtd=35.2,a34004-Flag=N'), '10.0.0.1', NOW);
    log.seen(hj212('UNREG0001', 'DataTime=20261125120100;a34002-Rtd=50.1,a34002-Flag=N'), '10.0.0.2', NOW + 60);
    log.seen(hj212('UNREG0002', '', '9013'), '10.0.0.3', NOW + 30);
    expect((await repo.listUnregistered({ offset: 0, limit: 10 })).total).toBe(0);

    await log.flush();
    log.seen(hj212('UNREG0001', 'DataTime=20261125120200;a34004-Rtd=36.0,a34004-Flag=N'), '10.0.0.2', NOW + 120);
    await log.flush();
    await log.flush();
    const { list } = await repo.listUnregistered({ offset: 0, limit: 10 });
    expect(list).toEqual([
      {
        mn: 'UNREG0001',
        first_seen: NOW,
        last_seen: NOW + 120,
        packets: 3,
        last_ip: '10.0.0.2',
        last_cn: '2011',
        st: '22',
        factors_json: '["a34004","a34002"]',
      },
      {
        mn: 'UNREG0002',
        first_seen: NOW + 30,
        last_seen: NOW + 30,
        packets: 1,
        last_ip: '10.0.0.3',
        last_cn: '9013',
        st: '22',
        factors_json: '[]',
      },
    ]);
  });
});
