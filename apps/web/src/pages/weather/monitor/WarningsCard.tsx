import type { ReactNode } from 'react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../QueryState';
import { useWarnings } from './monitor.api';

/** 气象预警: the warnings in force, each with its signal colour, newest first. */
export function WarningsCard() {
  const query = useWarnings();
  const data = query.data;
  let body: ReactNode;
  if (query.isError && data === undefined)
    body = <ErrorBlock error={query.error} onRetry={() => query.refetch()} title="预警信息加载失败" />;
  else if (data === undefined) body = <LoadingBlock rows={3} label="预警信息加载中" />;
  else if (data.list.length === 0) body = <EmptyBlock>{data.message ?? '当前没有生效中的预警'}</EmptyBlock>;
  else
    body = (
      <ul className="lt-mon-warnings" aria-label="生效中的预警">
        {data.list.map((w) => (
          <li key={w.id} className="lt-mon-warning" style={{ borderLeftColor: w.color }} data-level={w.level}>
            <div className="lt-mon-warning-head">
              <span className="lt-mon-level" style={{ background: w.color }}>
                {w.typeName}
                {w.levelName}
              </span>
              <strong>{w.headline}</strong>
            </div>
            <div className="lt-wx-muted lt-wx-small">
              {w.areaDesc} · {w.effective.slice(5, 16)} 起{w.expires ? `，至 ${w.expires.slice(5, 16)}` : ''}
            </div>
            <details>
              <summary>详情与防御指南</summary>
              <p>{w.description}</p>
              {w.instruction ? <p>{w.instruction}</p> : null}
              <p className="lt-wx-muted lt-wx-small">发布：{w.sender}</p>
            </details>
          </li>
        ))}
      </ul>
    );
  return (
    <section className="lt-wx-card lt-mon-card" aria-labelledby="lt-mon-warnings-title">
      <header className="lt-wx-card-head">
        <h2 id="lt-mon-warnings-title">气象预警</h2>
        {data && data.list.length > 0 ? (
          <span className="lt-wx-muted lt-wx-small">{data.list.length} 条生效中</span>
        ) : null}
      </header>
      {body}
    </section>
  );
}
