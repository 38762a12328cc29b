import { describe, expect, it } from 'vitest';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { OutcomesRepository } from './outcomes.repository';

const outcome = (alarmId: number, areaCode: string, value: string, at: number) => ({
  alarm_id: alarmId,
  area_code: areaCode,
  outcome: value,
  note: null,
  by_name: 'admin',
  at,
});

describe.each(testDialects())('fire alarm outcomes on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('keeps one outcome per alarm (the later replaces) and reads within the area in SQL', async () => {
    const { database } = await fresh();
    const repo = new OutcomesRepository(database);
    await repo.save(outcome(1, '110105', 'false_alarm', 100));
    await repo.save(outcome(2, '110108', 'confirmed', 100));
    await repo.save({ ...outcome(1, '110105', 'test', 200), note: '消防演练' });
    const all = await repo.of([1, 2, 3], NATIONWIDE);
    expect([...all.keys()].sort()).toEqual([1, 2]);
    expect(all.get(1)).toMatchObject({ outcome: 'test', note: '消防演练', at: 200 });
    const chaoyang = await repo.of([1, 2], { areaCode: '110105' });
    expect([...chaoyang.keys()]).toEqual([1]);
    expect((await repo.of([], NATIONWIDE)).size).toBe(0);
  });
});
