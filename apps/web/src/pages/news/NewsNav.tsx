import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { newsQueries } from './news.api';

/** The news navigation: 首页, the categories in their order, 图集 and 归档; scrolls sideways on a phone. */
export function NewsNav() {
  const categories = useQuery(newsQueries.categories());
  const cls = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'lt-news-nav-item lt-news-nav-on' : 'lt-news-nav-item';
  return (
    <nav className="lt-news-nav" aria-label="新闻栏目">
      <NavLink to="/news/" end className={cls}>
        首页
      </NavLink>
      {categories.data?.map((c) => (
        <NavLink key={c.categoryId} to={`/news/category/${c.categoryId}`} className={cls}>
          {c.name}
        </NavLink>
      ))}
      <NavLink to="/news/albums" className={cls}>
        图集
      </NavLink>
      <NavLink to="/news/timeline" className={cls}>
        归档
      </NavLink>
    </nav>
  );
}
