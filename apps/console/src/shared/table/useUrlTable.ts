import type { TablePaginationConfig, TableProps } from 'antd';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  callParams,
  columnSortOrder,
  readTableQuery,
  TABLE_PAGE_SIZES,
  type TableQuery,
  writeTableQuery,
} from './url-table';

/**
 * A server-paged, server-sorted list whose state is in the address. `filterNames` are the list's
 * filter parameters (the same names as the call's query). Changing a filter goes back to page 1.
 * `defaultSortBy` is the column the server sorts by (newest first) when the address names none.
 */
export function useUrlTable<Row>(filterNames: readonly string[], options: { defaultSortBy?: string } = {}) {
  const { defaultSortBy } = options;
  const [params, setParams] = useSearchParams();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names are a constant of the page
  const query = useMemo(() => readTableQuery(params, filterNames), [params]);

  const update = useCallback((next: TableQuery) => setParams(writeTableQuery(next), { replace: false }), [setParams]);

  const setFilters = useCallback(
    (filters: Record<string, string | undefined>) => {
      const merged: Record<string, string> = { ...query.filters };
      for (const [name, value] of Object.entries(filters)) {
        if (value === undefined || value.trim() === '') delete merged[name];
        else merged[name] = value.trim();
      }
      update({ ...query, filters: merged, pageNum: 1 });
    },
    [query, update],
  );

  const pagination = useCallback(
    (total: number): TablePaginationConfig => ({
      current: query.pageNum,
      pageSize: query.pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: TABLE_PAGE_SIZES,
      showTotal: (n) => `共 ${n} 条`,
    }),
    [query],
  );

  /** antd Table's onChange: page, page size and the sorted column (its `key` is the server's sortBy). */
  const onChange: NonNullable<TableProps<Row>['onChange']> = useCallback(
    (page, _filters, sorter) => {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const sortBy = one?.order ? String(one.columnKey ?? one.field) : undefined;
      const pageSize = page.pageSize ?? query.pageSize;
      update({
        ...query,
        pageNum: pageSize === query.pageSize ? (page.current ?? 1) : 1,
        pageSize,
        sortBy,
        sortOrder: sortBy === undefined ? undefined : (one?.order ?? undefined),
      });
    },
    [query, update],
  );

  /** The sort arrow a column shows, from the address (or the server's default order). */
  const sortOrderOf = useCallback((key: string) => columnSortOrder(query, key, defaultSortBy), [query, defaultSortBy]);

  return { query, params: callParams(query), setFilters, pagination, onChange, sortOrderOf };
}
