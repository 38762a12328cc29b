import { afterEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { MemoryState } from '../../../platform/state';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AuditLog, AuditRepository, SYSTEM_ACTOR } from '../audit';
import { DictionaryRepository } from './dictionary.repository';
import { type DictEntry, DictionaryService } from './dictionary.service';
import { DictionaryCache } from './dictionary-cache';

const NOW = 1_760_000_000;
const editor = { actor: SYSTEM_ACTOR, ip: null };

const item = (type: string, value: string, label: string, sort = 0) => ({
  type,
  value,
  label,
  sort,
  enabled: 1,
  extra_json: '{}',
  builtin: 0,
  created_at: NOW,
  updated_at: NOW,
});

describe.each(testDialects())('dictionary repository on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  const states: MemoryState[] = [];
  afterEach(async () => {
    for (const state of states.splice(0)) await state.close();
  });

  async function setup() {
    const { database } = await fresh();
    return { database, repo: new DictionaryRepository(database) };
  }

  function serviceOver(database: AppDatabase, state: MemoryState) {
    const repo = new DictionaryRepository(database);
    const cache = new DictionaryCache<DictEntry>(DictionaryService.loader(repo), 60_000);
    const audit = new AuditLog(new AuditRepository(database), () => NOW);
    return { cache, service: new DictionaryService(repo, cache, state, audit, () => NOW) };
  }

  it('ships the built-in types and items with the migration', async () => {
    const { repo } = await setup();
    const types = await repo.typesWithCounts();
    expect(types.map((t) => [t.code, t.builtin])).toEqual([
      ['alarmLevel', 1],
      ['deviceType', 1],
      ['eventCatalog', 1],
      ['factor', 1],
      ['goverSite', 1],
      ['patrolTools', 1],
      // The report centre's (0030).
      ['report_base_attribute', 1],
      ['report_type', 1],
    ]);
    // 17 in 0007, 16 more with the device core (0010), 51 more with the sector modules (0050 smoke,
    // 0055 electricity, 0065 fire, 0066 water, 0070 VOC species).
    expect(types.find((t) => t.code === 'factor')?.item_count).toBe(84);
    const factors = await repo.items('factor');
    expect(factors.every((f) => f.builtin === 1 && f.enabled === 1)).toBe(true);
    expect(JSON.parse(factors.find((f) => f.value === 'a21005')?.extra_json ?? '')).toMatchObject({ unit: 'mg/m³' });
    expect(await repo.countCustomTypes()).toBe(0);
  });

  it('counts items per type (0 for an empty one), refuses a taken code or value, orders items by sort then value', async () => {
    const { repo } = await setup();
    const type = { code: 'tools', name: '工具', description: '', builtin: 0, created_at: NOW, updated_at: NOW };
    expect(await repo.insertType(type)).toBe(true);
    expect(await repo.insertType({ ...type, name: '又一个' })).toBe(false);
    expect((await repo.typesWithCounts()).find((t) => t.code === 'tools')?.item_count).toBe(0);
    expect(await repo.countCustomTypes()).toBe(1);

    expect(await repo.insertItem(item('tools', 'b', '乙', 5))).toBe(true);
    expect(await repo.insertItem(item('tools', 'a', '甲', 5))).toBe(true);
    expect(await repo.insertItem(item('tools', 'c', '丙', 1))).toBe(true);
    expect(await repo.insertItem(item('tools', 'a', '重复'))).toBe(false);
    expect((await repo.items('tools')).map((i) => i.value)).toEqual(['c', 'a', 'b']);
    expect(await repo.countItems('tools')).toBe(3);
    expect((await repo.typesWithCounts()).find((t) => t.code === 'tools')?.item_count).toBe(3);

    await repo.updateItem('tools', 'a', {
      label: '甲二',
      sort: 9,
      enabled: 0,
      extra_json: '{"k":"v"}',
      updated_at: NOW + 1,
    });
    expect(await repo.item('tools', 'a')).toMatchObject({
      label: '甲二',
      sort: 9,
      enabled: 0,
      extra_json: '{"k":"v"}',
    });
    await repo.deleteItem('tools', 'b');
    expect(await repo.item('tools', 'b')).toBeUndefined();
  });

  it('deletes a type with its items, and refuses items of a type that does not exist', async () => {
    const { repo } = await setup();
    await repo.insertType({ code: 'gone', name: '删', description: '', builtin: 0, created_at: NOW, updated_at: NOW });
    await repo.insertItem(item('gone', 'x', '叉'));
    await repo.deleteType('gone');
    expect(await repo.type('gone')).toBeUndefined();
    expect(await repo.items('gone')).toEqual([]);
    await expect(repo.insertItem(item('nowhere', 'x', '叉'))).rejects.toThrow();
  });

  it('tells every instance sharing the state about a write: none keeps answering from its cache', async () => {
    const { database } = await setup();
    const state = new MemoryState();
    states.push(state);
    const one = serviceOver(database, state);
    const two = serviceOver(database, state);
    await one.cache.listen(state);
    await two.cache.listen(state);

    expect(await two.service.label('alarmLevel', '1')).toBe('一级（红色）');
    await one.service.updateItem(
      { type: 'alarmLevel', value: '1', label: '一级', sort: 10, enabled: true, extra: { color: '#FF0000' } },
      editor,
    );
    expect(await two.service.label('alarmLevel', '1')).toBe('一级');
    expect((await two.service.items('alarmLevel'))[0]?.extra).toEqual({ color: '#FF0000' });
    await one.cache.close();
    await two.cache.close();
  });

  it('answers from the cache until a write or the expiry, never keeping an unknown type', async () => {
    const { database } = await setup();
    const repo = new DictionaryRepository(database);
    let clock = 0;
    let loads = 0;
    const load = DictionaryService.loader(repo);
    const cache = new DictionaryCache<DictEntry>(
      (code) => {
        loads += 1;
        return load(code);
      },
      1_000,
      () => clock,
    );
    await cache.get('factor');
    await cache.get('factor');
    expect(loads).toBe(1);
    clock = 1_001;
    await cache.get('factor');
    expect(loads).toBe(2);
    cache.drop('factor');
    await cache.get('factor');
    expect(loads).toBe(3);
    expect(await cache.get('noSuch')).toBeUndefined();
    expect(await cache.get('noSuch')).toBeUndefined();
    expect(loads).toBe(5);
  });
});
