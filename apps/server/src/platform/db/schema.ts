import type { SystemTables } from '../../modules/system/system.tables';

/**
 * The whole database as Kysely sees it: the union of the tables each module owns. A module's
 * tables are read and written only by that module's repository.
 */
export type Tables = SystemTables;
