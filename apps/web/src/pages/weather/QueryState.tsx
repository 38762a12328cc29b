import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/**
 * What a panel shows instead of its data: a skeleton while loading, the error's own message with an
 * inline retry (the '服务器请求失败' toast is the shell's), or an empty note. Never a blank box.
 */
export function LoadingBlock({ rows = 3, label = '加载中' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <Skeleton active paragraph={{ rows }} title={false} />
    </div>
  );
}

export function ErrorBlock({
  error,
  onRetry,
  title = '数据加载失败',
}: {
  error: unknown;
  onRetry: () => void;
  title?: string;
}) {
  const message = error instanceof Error ? error.message : '请稍后重试';
  // Not antd's Result: its illustrations would add ~30 KB to the page for a box seldom seen.
  return (
    <div className="lt-wx-error" role="alert">
      <strong>{title}</strong>
      <span>{message}</span>
      <Button type="primary" size="small" onClick={onRetry} autoInsertSpace={false}>
        重试
      </Button>
    </div>
  );
}

export function EmptyBlock({ children }: { children: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={children} />;
}
