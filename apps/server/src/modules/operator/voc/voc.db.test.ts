import { SIMULATED_VOC_FACTORS, VOC_SPECIES } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';

/**
 * Migration 0070 on each dialect: every species of the catalogue (and NO) is a factor of the
 * dictionary, in μg/m³, so that a VOC station can be registered with them — the migration's list and
 * the catalogue of packages/domain must not drift apart.
 */
describe.each(testDialects())('VOC factors on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('adds every catalogue species and NO to the factor dictionary', async () => {
    const { database } = await fresh();
    const rows = await database.db
      .selectFrom('dict_items')
      .select(['value', 'label', 'extra_json'])
      .where('type', '=', 'factor')
      .where('value', 'in', [...SIMULATED_VOC_FACTORS])
      .execute();
    const byCode = new Map(rows.map((r) => [r.value, r]));
    for (const code of SIMULATED_VOC_FACTORS) expect(byCode.has(code), code).toBe(true);
    for (const s of VOC_SPECIES) {
      expect(byCode.get(s.code)?.label, s.code).toBe(s.name);
      expect(JSON.parse(byCode.get(s.code)?.extra_json ?? '{}').unit).toBe('μg/m³');
    }
  });
});
