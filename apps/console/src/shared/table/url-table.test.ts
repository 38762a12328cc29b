import { describe, expect, it } from 'vitest';
import { callParams, columnSortOrder, DEFAULT_TABLE_PAGE_SIZE, readTableQuery, writeTableQuery } from './url-table';

const FILTERS = ['keyword', 'status'];
const read = (query: string) => readTableQuery(new URLSearchParams(query), FILTERS);

describe('a list’s state in the address', () => {
  it('reads page, size, sort and the list’s own filters', () => {
    expect(read('pageNum=3&pageSize=50&sortBy=name&sortOrder=descend&keyword=zhang&status=disabled&other=x')).toEqual({
      pageNum: 3,
      pageSize: 50,
      sortBy: 'name',
      sortOrder: 'descend',
      filters: { keyword: 'zhang', status: 'disabled' },
    });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(read('pageNum=-2&pageSize=7&sortBy=name&sortOrder=sideways&keyword=%20')).toEqual({
      pageNum: 1,
      pageSize: DEFAULT_TABLE_PAGE_SIZE,
      filters: {},
    });
    expect(read('pageNum=abc')).toMatchObject({ pageNum: 1 });
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    expect(writeTableQuery(read('')).toString()).toBe('');
    const state = read('keyword=li&sortBy=createdAt&sortOrder=ascend&pageNum=2&pageSize=100');
    expect(read(writeTableQuery(state).toString())).toEqual(state);
  });

  it('gives the list call paging, sorting and filters side by side', () => {
    expect(callParams(read('status=active&sortBy=name&sortOrder=ascend'))).toEqual({
      pageNum: 1,
      pageSize: DEFAULT_TABLE_PAGE_SIZE,
      sortBy: 'name',
      sortOrder: 'ascend',
      status: 'active',
    });
  });
});

describe('columnSortOrder', () => {
  it('shows the server’s default order on its column when the address names none', () => {
    expect(columnSortOrder({}, 'createdAt', 'createdAt')).toBe('descend');
    expect(columnSortOrder({}, 'name', 'createdAt')).toBeNull();
  });

  it('shows the address’s sort on its column only', () => {
    const query = { sortBy: 'name', sortOrder: 'ascend' } as const;
    expect(columnSortOrder(query, 'name', 'createdAt')).toBe('ascend');
    expect(columnSortOrder(query, 'createdAt', 'createdAt')).toBeNull();
  });
});
