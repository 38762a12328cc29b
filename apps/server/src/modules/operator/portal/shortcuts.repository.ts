import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { OperatorShortcutsTable, PortalTables } from './portal.tables';

export type ShortcutRecord = Selectable<OperatorShortcutsTable>;

/** A menu shortcut as batchSaveUserShortCut asks for it: which entry, where it goes, in which place. */
export interface MenuShortcut {
  key: string;
  name: string;
  url: string;
}

/**
 * operator_shortcuts. Shortcuts belong to one operator: every method takes the owner's id as a
 * required parameter and filters on it in SQL, so that no call can read or change another
 * operator's rows whatever id it is handed (a foreign id reads as absent).
 */
export class ShortcutsRepository {
  constructor(private readonly database: Database<PortalTables>) {}

  /** The owner's shortcuts in display order (position, then age). */
  async list(ownerId: string): Promise<ShortcutRecord[]> {
    return this.database.db
      .selectFrom('operator_shortcuts')
      .selectAll()
      .where('operator_id', '=', ownerId)
      .orderBy('sorting')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async byId(ownerId: string, id: string): Promise<ShortcutRecord | undefined> {
    return this.database.db
      .selectFrom('operator_shortcuts')
      .selectAll()
      .where('operator_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(ownerId: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('operator_shortcuts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('operator_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The highest position in use (-1 when there is none), so a new shortcut goes last. */
  async lastPosition(ownerId: string): Promise<number> {
    const row = await this.database.db
      .selectFrom('operator_shortcuts')
      .select((eb) => eb.fn.max<number | null>('sorting').as('last'))
      .where('operator_id', '=', ownerId)
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? -1 : Number(row.last);
  }

  /**
   * Adds a shortcut unless the owner already has `cap`, or already has one for that menu entry;
   * answers whether it was added. Counted and written in one transaction.
   */
  async insertBelowCap(row: OperatorShortcutsTable, cap: number): Promise<'added' | 'full' | 'duplicate'> {
    return this.database.db.transaction().execute(async (trx) => {
      const counted = await trx
        .selectFrom('operator_shortcuts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('operator_id', '=', row.operator_id)
        .executeTakeFirstOrThrow();
      if (Number(counted.n) >= cap) return 'full';
      if (row.menu_key !== null) {
        const taken = await trx
          .selectFrom('operator_shortcuts')
          .select('id')
          .where('operator_id', '=', row.operator_id)
          .where('menu_key', '=', row.menu_key)
          .executeTakeFirst();
        if (taken !== undefined) return 'duplicate';
      }
      await trx.insertInto('operator_shortcuts').values(row).execute();
      return 'added';
    });
  }

  /** Changes the owner's shortcut; false when the owner has no shortcut of that id. */
  async update(
    ownerId: string,
    id: string,
    change: Partial<Pick<OperatorShortcutsTable, 'name' | 'sorting'>> & { updated_at: number },
  ): Promise<boolean> {
    const result = await this.database.db
      .updateTable('operator_shortcuts')
      .set(change)
      .where('operator_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    const result = await this.database.db
      .deleteFrom('operator_shortcuts')
      .where('operator_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Makes the owner's menu shortcuts exactly `wanted`, in that order (positions 0, 1, …): keeps the
   * ones already there (with the names the owner gave them), adds the others with `newId()`,
   * removes the rest. Links are left alone. One transaction.
   */
  async replaceMenu(ownerId: string, wanted: readonly MenuShortcut[], now: number, newId: () => string): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('operator_shortcuts')
        .select(['id', 'menu_key'])
        .where('operator_id', '=', ownerId)
        .where('menu_key', 'is not', null)
        .execute();
      const keys = new Set(wanted.map((w) => w.key));
      const stale = existing.filter((e) => e.menu_key === null || !keys.has(e.menu_key)).map((e) => e.id);
      if (stale.length > 0) {
        await trx
          .deleteFrom('operator_shortcuts')
          .where('operator_id', '=', ownerId)
          .where('id', 'in', stale)
          .execute();
      }
      const kept = new Map(existing.flatMap((e) => (e.menu_key === null ? [] : [[e.menu_key, e.id] as const])));
      for (const [position, entry] of wanted.entries()) {
        const id = kept.get(entry.key);
        if (id !== undefined) {
          await trx
            .updateTable('operator_shortcuts')
            .set({ sorting: position, updated_at: now })
            .where('operator_id', '=', ownerId)
            .where('id', '=', id)
            .execute();
        } else {
          await trx
            .insertInto('operator_shortcuts')
            .values({
              id: newId(),
              operator_id: ownerId,
              name: entry.name,
              url: entry.url,
              shortcut_type: 'menu',
              network_type: 'internal',
              menu_key: entry.key,
              sorting: position,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
    });
  }
}
