import { describe, expect, it } from 'vitest';
import { callParams, DEFAULT_TABLE_PAGE_SIZE, readTableQuery, writeTableQuery } from './url-table';

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
