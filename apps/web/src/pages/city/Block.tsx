import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * One block of the page: a titled card that shows a skeleton while its data loads, an inline error
 * with a retry button when its call failed (the toast is the shell's), an empty note when there is
 * nothing to show, and its content otherwise. A failing block never takes the page down with it.
 */
export interface BlockState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export function Block({
  id,
  title,
  extra,
  className,
  children,
  blockRef,
}: {
  id: string;
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  blockRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <section
      ref={blockRef}
      className={`lt-cap-block${className === undefined ? '' : ` ${className}`}`}
      aria-labelledby={`${id}-title`}
      data-block={id}
    >
      <header className="lt-cap-block-head">
        <h2 id={`${id}-title`}>{title}</h2>
        {extra !== undefined && <div className="lt-cap-block-extra">{extra}</div>}
      </header>
      {children}
    </section>
  );
}

/** What a block shows for one query: skeleton, error with retry, or `children`. */
export function QueryBody({
  state,
  rows = 4,
  label,
  children,
}: {
  state: BlockState;
  rows?: number;
  /** What failed, for the inline error ('趋势数据'). */
  label: string;
  children: () => ReactNode;
}) {
  if (state.isError) return <InlineError label={label} error={state.error} onRetry={() => void state.refetch()} />;
  if (state.isPending) return <BlockSkeleton rows={rows} />;
  return <>{children()}</>;
}

export function BlockSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="lt-cap-skeleton" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows
        <div key={i} className="lt-sk lt-sk-row" />
      ))}
    </div>
  );
}

export function InlineError({ label, error, onRetry }: { label: string; error: Error | null; onRetry: () => void }) {
  return (
    <div className="lt-cap-error" role="alert">
      <span>
        {label}加载失败{error?.message ? `：${error.message}` : ''}
      </span>
      <button type="button" className="lt-button lt-button-small" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="lt-cap-empty">{children}</p>;
}

/**
 * True once the element has come within `margin` of the viewport, and from then on. Blocks below
 * the fold fetch their data (and the chart code) only when the visitor gets near them, so the
 * first screen on a phone is not competing with calls nobody has looked at yet.
 */
export function useNearViewport<T extends HTMLElement>(margin = '300px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el === null || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
