import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { newsQueries } from './news.api';
import { monthText } from './news-format';
import { useNewsMeta } from './useNewsMeta';

/** 归档: every published article by month (China time), newest first, on a vertical line. */
export function TimelineView() {
  useNewsMeta('文章归档-新闻资讯', '按月份浏览全部空气质量新闻资讯');
  const months = useQuery(newsQueries.timeline());
  return (
    <div>
      <header className="lt-news-heading">
        <h1>文章归档</h1>
      </header>
      {months.data === undefined ? (
        <div className="lt-news-skeleton" aria-busy="true" />
      ) : months.data.length === 0 ? (
        <p className="lt-news-empty">暂无文章</p>
      ) : (
        <div className="lt-news-timeline">
          {months.data.map((m) => (
            <section key={m.month} className="lt-news-month">
              <h2>
                {monthText(m.month)} <small>{m.count} 篇</small>
              </h2>
              <ul>
                {m.articles.map((a) => (
                  <li key={a.articleId}>
                    <time>{a.publishTime.slice(5, 10)}</time>
                    <Link to={`/news/article/${a.articleId}`}>{a.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
