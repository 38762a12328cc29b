import type { CmsArticleCard } from '@lantian/contracts';
import { Link } from 'react-router';
import { countText, listDate } from './news-format';

const THIS_YEAR = new Date().getFullYear();

/** One article in a list: title (two lines), summary, category · time · readers, cover on the right. */
export function ArticleItem({ article }: { article: CmsArticleCard }) {
  return (
    <li className="lt-news-item">
      <Link to={`/news/article/${article.articleId}`} className="lt-news-item-link">
        <div className="lt-news-item-text">
          <h3 className="lt-news-item-title">
            {article.isTop && <span className="lt-news-badge lt-news-badge-top">置顶</span>}
            {article.title}
          </h3>
          <p className="lt-news-item-summary">{article.summary}</p>
          <p className="lt-news-meta">
            <span>{article.categoryName}</span>
            <span>{listDate(article.publishTime, THIS_YEAR)}</span>
            <span>{countText(article.viewCount)} 阅读</span>
          </p>
        </div>
        {article.cover !== null && <img className="lt-news-item-cover" src={article.cover} alt="" loading="lazy" />}
      </Link>
    </li>
  );
}

export function ArticleList({
  articles,
  empty = '暂无文章',
}: {
  articles: CmsArticleCard[] | undefined;
  empty?: string;
}) {
  if (articles === undefined) return <div className="lt-news-skeleton" aria-busy="true" />;
  if (articles.length === 0) return <p className="lt-news-empty">{empty}</p>;
  return (
    <ul className="lt-news-list">
      {articles.map((a) => (
        <ArticleItem key={a.articleId} article={a} />
      ))}
    </ul>
  );
}

/** Ranked titles (热门): the first three numbers stand out. */
export function RankedList({ articles }: { articles: CmsArticleCard[] | undefined }) {
  if (articles === undefined) return <div className="lt-news-skeleton lt-news-skeleton-short" aria-busy="true" />;
  if (articles.length === 0) return <p className="lt-news-empty">暂无文章</p>;
  return (
    <ol className="lt-news-rank">
      {articles.map((a, i) => (
        <li key={a.articleId}>
          <span className={i < 3 ? 'lt-news-rank-no lt-news-rank-top' : 'lt-news-rank-no'}>{i + 1}</span>
          <Link to={`/news/article/${a.articleId}`}>{a.title}</Link>
          <span className="lt-news-rank-count">{countText(a.viewCount)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A titled box of the page (最新、热门、标签…). */
export function Section({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="lt-news-box">
      <header className="lt-news-box-head">
        <h2>{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}
