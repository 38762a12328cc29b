/**
 * The state of a server-paged list lives in the address (`?pageNum=2&status=disabled&sortBy=name…`):
 * a reload, the back button and a pasted link show the same page. Pure functions here; the hook that
 * ties them to the router and to antd's Table is useUrlTable.
 */

export interface TableQuery {
  pageNum: number;
  pageSize: number;
  sortBy?: string;
  sortOrder?: 'ascend' | 'descend';
  /** The list's own filters, by name; only non-empty ones. */
  filters: Record<string, string>;
}

export const DEFAULT_TABLE_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100];

function positive(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** Reads the list state from the address; unknown or malformed values fall back to the defaults. */
export function readTableQuery(params: URLSearchParams, filterNames: readonly string[]): TableQuery {
  const pageSize = positive(params.get('pageSize'), DEFAULT_TABLE_PAGE_SIZE);
  const sortOrder = params.get('sortOrder');
  const sortBy = params.get('sortBy');
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value !== null && value.trim() !== '') filters[name] = value;
  }
  return {
    pageNum: positive(params.get('pageNum'), 1),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_TABLE_PAGE_SIZE,
    ...(sortBy !== null && sortBy !== '' && (sortOrder === 'ascend' || sortOrder === 'descend')
      ? { sortBy, sortOrder }
      : {}),
    filters,
  };
}

/** Writes the list state back; defaults are left out so that a plain list has a plain address. */
export function writeTableQuery(query: TableQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) if (value !== '') params.set(name, value);
  if (query.sortBy !== undefined && query.sortOrder !== undefined) {
    params.set('sortBy', query.sortBy);
    params.set('sortOrder', query.sortOrder);
  }
  if (query.pageNum !== 1) params.set('pageNum', String(query.pageNum));
  if (query.pageSize !== DEFAULT_TABLE_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** The parameters of the list call: paging, sorting and the filters side by side, as the server reads them. */
export function callParams(query: TableQuery): Record<string, string | number> {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    ...(query.sortBy === undefined ? {} : { sortBy: query.sortBy, sortOrder: query.sortOrder ?? 'ascend' }),
    ...query.filters,
  };
}

/**
 * The sort arrow a column shows. With no sort in the address the server sorts by its default column
 * (`defaultSortBy`), newest first, and that column says so; without one no column shows an arrow.
 */
export function columnSortOrder(
  query: Pick<TableQuery, 'sortBy' | 'sortOrder'>,
  key: string,
  defaultSortBy?: string,
): 'ascend' | 'descend' | null {
  if (query.sortBy === undefined) return key === defaultSortBy ? 'descend' : null;
  return query.sortBy === key ? (query.sortOrder ?? null) : null;
}

export const TABLE_PAGE_SIZES = PAGE_SIZES.map(String);
