import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { DictItemsTable, DictionaryTables, DictTypesTable } from './dictionary.tables';

export type DictType = Selectable<DictTypesTable>;
export type DictItemRecord = Selectable<DictItemsTable>;

/**
 * dict_types and dict_items. No area scope: the dictionary is installation-wide (see
 * dictionary.tables.ts). A type's items are read by the primary key's prefix (type, value).
 */
export class DictionaryRepository {
  constructor(private readonly database: Database<DictionaryTables>) {}

  async type(code: string): Promise<DictType | undefined> {
    return this.database.db.selectFrom('dict_types').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Every type with how many items it has, built-in types first. */
  async typesWithCounts(): Promise<Array<DictType & { item_count: number }>> {
    const rows = await this.database.db
      .selectFrom('dict_types')
      .leftJoin('dict_items', 'dict_items.type', 'dict_types.code')
      .select([
        'dict_types.code',
        'dict_types.name',
        'dict_types.description',
        'dict_types.builtin',
        'dict_types.created_at',
        'dict_types.updated_at',
        (eb) => eb.fn.count<number>('dict_items.value').as('item_count'),
      ])
      .groupBy([
        'dict_types.code',
        'dict_types.name',
        'dict_types.description',
        'dict_types.builtin',
        'dict_types.created_at',
        'dict_types.updated_at',
      ])
      .orderBy('dict_types.builtin', 'desc')
      .orderBy('dict_types.code')
      .execute();
    return rows.map((r) => ({ ...r, item_count: Number(r.item_count) }));
  }

  /** How many types administrators added (the built-in ones not counted). */
  async countCustomTypes(): Promise<number> {
    const row = await this.database.db
      .selectFrom('dict_types')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('builtin', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the type was created (false: the code is taken). */
  async insertType(row: DictTypesTable): Promise<boolean> {
    const result = await this.database.db
      .insertInto('dict_types')
      .values(row)
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateType(code: string, change: { name: string; description: string; updated_at: number }): Promise<void> {
    await this.database.db.updateTable('dict_types').set(change).where('code', '=', code).execute();
  }

  /** Deletes the type; its items go with it (ON DELETE CASCADE). */
  async deleteType(code: string): Promise<void> {
    await this.database.db.deleteFrom('dict_types').where('code', '=', code).execute();
  }

  /** Every item of a type, disabled ones included, in display order. */
  async items(type: string): Promise<DictItemRecord[]> {
    return this.database.db
      .selectFrom('dict_items')
      .selectAll()
      .where('type', '=', type)
      .orderBy('sort')
      .orderBy('value')
      .execute();
  }

  async item(type: string, value: string): Promise<DictItemRecord | undefined> {
    return this.database.db
      .selectFrom('dict_items')
      .selectAll()
      .where('type', '=', type)
      .where('value', '=', value)
      .executeTakeFirst();
  }

  async countItems(type: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('dict_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the item was created (false: the type already has that value). */
  async insertItem(row: DictItemsTable): Promise<boolean> {
    const result = await this.database.db
      .insertInto('dict_items')
      .values(row)
      .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async updateItem(
    type: string,
    value: string,
    change: Pick<DictItemsTable, 'label' | 'sort' | 'enabled' | 'extra_json' | 'updated_at'>,
  ): Promise<void> {
    await this.database.db
      .updateTable('dict_items')
      .set(change)
      .where('type', '=', type)
      .where('value', '=', value)
      .execute();
  }

  async deleteItem(type: string, value: string): Promise<void> {
    await this.database.db.deleteFrom('dict_items').where('type', '=', type).where('value', '=', value).execute();
  }
}
