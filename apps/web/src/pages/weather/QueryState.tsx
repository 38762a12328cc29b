import type { ReactNode } from 'react';

/**
 * Plain elements and the shell's buttons, no antd: these are on the page's first screen, and antd
 * (≈100 KB gzip) would hold it up. What a panel shows instead of its data: a skeleton while loading, the error's own message with an
 * inline retry (the '服务器请求失败' toast is the shell's), or an empty note. Never a blank box.
 */
export function LoadingBlock({ rows = 3, label = '加载中' }: { rows?: number; label?: string }) {
  return (
    <div className="lt-wx-skeleton" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
        <div key={i} className="lt-wx-sk-row" />
      ))}
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
      <button type="button" className="lt-button lt-button-small lt-button-primary" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

export function EmptyBlock({ children }: { children: ReactNode }) {
  return <p className="lt-wx-empty">{children}</p>;
}
