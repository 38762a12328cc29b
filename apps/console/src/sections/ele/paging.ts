import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/** Server paging kept in the component: page and size, and antd's pagination for a total. */
export function usePaging(initialSize = 20) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: initialSize });
  const pagination = (total: number): TablePaginationConfig => ({
    current: page.pageNum,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    showTotal: (n) => `共 ${n} 条`,
    onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
  });
  return { page, pagination, first: () => setPage((p) => ({ ...p, pageNum: 1 })) };
}
