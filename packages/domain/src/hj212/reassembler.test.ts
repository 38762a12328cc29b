import { describe, expect, it } from 'vitest';
import { parseDataCp } from './cp';
import { Hj212Reassembler, type ReassemblyEvent } from './reassembler';
import { buildSegment, type Hj212Packet, parseSegment } from './segment';

const MN = '010000A8900016F000169DC0';
const QN = '20160801085857223';

function part(pno: number, pnum: number, cp: string, overrides: { qn?: string; mn?: string; flag?: number } = {}) {
  const result = parseSegment(
    buildSegment({
      qn: overrides.qn ?? QN,
      st: '22',
      cn: '2061',
      pw: '100000',
      mn: overrides.mn ?? MN,
      flag: overrides.flag ?? 7,
      pnum,
      pno,
      cp,
    }),
  );
  if (!result.ok) throw new Error(result.message);
  return result.packet;
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function packets(events: ReassemblyEvent[]): Hj212Packet[] {
  return events.flatMap((e) => (e.type === 'packet' ? [e.packet] : []));
}

const PARTS = [
  'DataTime=20160801080000;a34004-Avg=35.2,a34004-Flag=N',
  'DataTime=20160801080000;a34002-Avg=61,a34002-Flag=N',
  'DataTime=20160801080000;a21026-Avg=8.5,a21026-Flag=N',
];

describe('Hj212Reassembler', () => {
  it('passes packets that are not split straight through', () => {
    const r = new Hj212Reassembler({ clock: clock().now });
    const single = parseSegment(`QN=${QN};ST=22;CN=2011;PW=1;MN=${MN};Flag=5;CP=&&&&`);
    if (!single.ok) throw new Error(single.message);
    expect(r.push(single.packet)).toEqual([{ type: 'packet', packet: single.packet }]);
    expect(r.openGroups).toBe(0);
  });

  it('joins 3 parts arriving out of order, in PNO order', () => {
    const r = new Hj212Reassembler({ clock: clock().now });
    expect(r.push(part(3, 3, PARTS[2] ?? ''))).toEqual([]);
    expect(r.push(part(1, 3, PARTS[0] ?? ''))).toEqual([]);
    expect(r.openGroups).toBe(1);
    const events = r.push(part(2, 3, PARTS[1] ?? ''));
    expect(r.openGroups).toBe(0);
    const [whole] = packets(events);
    expect(events).toHaveLength(1);
    expect(whole).toEqual({
      qn: QN,
      st: '22',
      cn: '2061',
      pw: '100000',
      mn: MN,
      flag: 4,
      cp: PARTS.join(';'),
      needsAnswer: false,
      split: false,
    });
    // Each part repeats DataTime; the joined body still parses.
    const cp = parseDataCp(whole?.cp ?? '');
    expect(cp.ok && cp.data.values.map((v) => v.factor)).toEqual(['a34004', 'a34002', 'a21026']);
  });

  it('keeps groups of different devices and QNs apart', () => {
    const r = new Hj212Reassembler({ clock: clock().now });
    r.push(part(1, 2, 'a=1'));
    r.push(part(1, 2, 'b=1', { mn: 'OTHER' }));
    r.push(part(1, 2, 'c=1', { qn: '20160801085857224' }));
    expect(r.openGroups).toBe(3);
    expect(packets(r.push(part(2, 2, 'b=2', { mn: 'OTHER' })))[0]?.cp).toBe('b=1;b=2');
    expect(packets(r.push(part(2, 2, 'a=2')))[0]?.cp).toBe('a=1;a=2');
    expect(r.openGroups).toBe(1);
  });

  it('ignores a repeated part (keeps the first copy)', () => {
    const r = new Hj212Reassembler({ clock: clock().now });
    r.push(part(1, 2, 'a=1'));
    expect(r.push(part(1, 2, 'a=9'))).toEqual([]);
    expect(packets(r.push(part(2, 2, 'b=2')))[0]?.cp).toBe('a=1;b=2');
  });

  it('finishes a split packet of one part at once, and skips empty parts when joining', () => {
    const r = new Hj212Reassembler({ clock: clock().now });
    expect(packets(r.push(part(1, 1, 'a=1')))[0]?.cp).toBe('a=1');
    r.push(part(1, 2, ''));
    expect(packets(r.push(part(2, 2, 'b=2')))[0]?.cp).toBe('b=2');
  });

  it('drops groups that do not complete in time', () => {
    const c = clock();
    const r = new Hj212Reassembler({ clock: c.now, timeoutMs: 60_000 });
    r.push(part(1, 3, 'a=1'));
    c.advance(59_999);
    expect(r.expire()).toEqual([]);
    r.push(part(2, 3, 'b=1'));
    c.advance(1);
    expect(r.expire()).toEqual([
      {
        type: 'dropped',
        reason: 'timeout',
        message: expect.stringContaining('超时'),
        mn: MN,
        cn: '2061',
        qn: QN,
        pnum: 3,
        received: 2,
      },
    ]);
    expect(r.openGroups).toBe(0);
    // The late last part opens a new group instead of completing the dropped one.
    expect(r.push(part(3, 3, 'c=1'))).toEqual([]);
    expect(r.openGroups).toBe(1);
  });

  it('reports expiry on the next push too', () => {
    const c = clock();
    const r = new Hj212Reassembler({ clock: c.now, timeoutMs: 1000 });
    r.push(part(1, 2, 'a=1'));
    c.advance(1000);
    const events = r.push(part(1, 2, 'x=1', { mn: 'OTHER' }));
    expect(events.map((e) => e.type === 'dropped' && e.reason)).toEqual(['timeout']);
  });

  it('evicts the oldest group when too many are open', () => {
    const c = clock();
    const r = new Hj212Reassembler({ clock: c.now, maxGroups: 2 });
    r.push(part(1, 2, 'a=1', { mn: 'A' }));
    c.advance(1);
    r.push(part(1, 2, 'b=1', { mn: 'B' }));
    c.advance(1);
    const events = r.push(part(1, 2, 'c=1', { mn: 'C' }));
    expect(events).toEqual([expect.objectContaining({ type: 'dropped', reason: 'evicted', mn: 'A', received: 1 })]);
    expect(r.openGroups).toBe(2);
    expect(packets(r.push(part(2, 2, 'b=2', { mn: 'B' })))[0]?.cp).toBe('b=1;b=2');
  });

  it('stays bounded under a flood of distinct groups', () => {
    const r = new Hj212Reassembler({ clock: clock().now });
    let dropped = 0;
    for (let i = 0; i < 5000; i++) {
      dropped += r.push(part(1, 2, 'a=1', { mn: `M${i}` })).filter((e) => e.type === 'dropped').length;
    }
    expect(r.openGroups).toBe(1000);
    expect(dropped).toBe(4000);
  });

  it('drops a group whose PNUM changes, and refuses a PNUM that is too large', () => {
    const r = new Hj212Reassembler({ clock: clock().now, maxParts: 10 });
    r.push(part(1, 3, 'a=1'));
    const events = r.push(part(2, 2, 'b=1'));
    expect(events).toEqual([expect.objectContaining({ type: 'dropped', reason: 'inconsistent', pnum: 3 })]);
    expect(r.openGroups).toBe(1);
    expect(r.push(part(1, 11, 'a=1'))).toEqual([
      expect.objectContaining({ type: 'dropped', reason: 'too_many_parts', pnum: 11, received: 1 }),
    ]);
  });

  it('refuses nonsense options', () => {
    expect(() => new Hj212Reassembler({ clock: () => 0, timeoutMs: 0 })).toThrow(RangeError);
    expect(() => new Hj212Reassembler({ clock: () => 0, maxGroups: 1.5 })).toThrow(RangeError);
  });
});
