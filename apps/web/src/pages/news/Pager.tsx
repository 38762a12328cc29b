import { pagerItems } from './news-format';

/** Previous / numbers / next; the page lives in the address (?page=), so a list can be shared. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="lt-news-pager" aria-label="分页">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      {pagerItems(page, pages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className="lt-news-pager-gap">
            …
          </span>
        ) : (
          <button
            type="button"
            key={p}
            className={p === page ? 'lt-news-pager-on' : undefined}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
