/**
 * An operator's shortcuts on the console's home page: to a page of their menu (`menu`, with the
 * menu entry's key) or to any other address (`link`). They belong to the operator: every query is
 * filtered by operator id (this module's scope), and they go when the operator is deleted.
 */
export interface OperatorShortcutsTable {
  id: string;
  operator_id: string;
  name: string;
  url: string;
  /** 'menu' | 'link'. */
  shortcut_type: string;
  /** 'internal' | 'external'. */
  network_type: string;
  /** The MENU key of a menu shortcut (unique per operator); null for a link. */
  menu_key: string | null;
  sorting: number;
  created_at: number;
  updated_at: number;
}

export interface PortalTables {
  operator_shortcuts: OperatorShortcutsTable;
}
