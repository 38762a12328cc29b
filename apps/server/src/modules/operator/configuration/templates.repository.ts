import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';
import type { ConfigTemplatesTable, ConfigTemplateTypesTable, ConfigurationTables } from './configuration.tables';

export type TemplateTypeRecord = Selectable<ConfigTemplateTypesTable>;
export type ConfigTemplateRecord = Selectable<ConfigTemplatesTable>;

/** Template types and the templates in them: installation-wide, like the dictionary. */
export class ConfigTemplatesRepository {
  constructor(private readonly database: Database<ConfigurationTables>) {}

  private get db() {
    return this.database.db;
  }

  async types(): Promise<TemplateTypeRecord[]> {
    return this.db.selectFrom('config_template_types').selectAll().orderBy('name').execute();
  }

  async type(id: number): Promise<TemplateTypeRecord | undefined> {
    return this.db.selectFrom('config_template_types').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async typeNamed(name: string): Promise<TemplateTypeRecord | undefined> {
    return this.db.selectFrom('config_template_types').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async insertType(row: Insertable<ConfigTemplateTypesTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('config_template_types')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async renameType(id: number, name: string): Promise<void> {
    await this.db.updateTable('config_template_types').set({ name }).where('id', '=', id).execute();
  }

  async deleteType(id: number): Promise<void> {
    await this.db.deleteFrom('config_template_types').where('id', '=', id).execute();
  }

  /** Every template without its drawing (the list), by type. */
  async templates(): Promise<Array<Omit<ConfigTemplateRecord, 'konva_json'>>> {
    return this.db
      .selectFrom('config_templates')
      .select(['id', 'type_id', 'name', 'nodes', 'created_by_name', 'created_at', 'updated_at'])
      .orderBy('name')
      .execute();
  }

  async template(id: number): Promise<ConfigTemplateRecord | undefined> {
    return this.db.selectFrom('config_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertTemplate(row: Insertable<ConfigTemplatesTable>): Promise<number> {
    const inserted = await this.db.insertInto('config_templates').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async deleteTemplate(id: number): Promise<void> {
    await this.db.deleteFrom('config_templates').where('id', '=', id).execute();
  }

  async countIn(typeId: number): Promise<number> {
    const row = await this.db
      .selectFrom('config_templates')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('type_id', '=', typeId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
