import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ArticleList, RankedList, Section } from './ArticleCards';
import { newsQueries } from './news.api';
import { idOf } from './news-format';
import { Pager } from './Pager';
import { useNewsMeta } from './useNewsMeta';

function usePage(): [number, (p: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = idOf(params.get('page') ?? undefined) ?? 1;
  return [
    page,
    (p) => {
      setParams(p === 1 ? {} : { page: String(p) });
      window.scrollTo({ top: 0 });
    },
  ];
}

function Side() {
  const hot = useQuery(newsQueries.list('getHotList', 8));
  return (
    <aside className="lt-news-side">
      <Section title="热门">
        <RankedList articles={hot.data} />
      </Section>
    </aside>
  );
}

/** A category's articles, ten a page, newest first (top ones first). */
export function CategoryView() {
  const id = idOf(useParams().id) ?? 0;
  const [page, setPage] = usePage();
  const query = useQuery({ ...newsQueries.category(id, page), placeholderData: keepPreviousData });
  const category = query.data?.category;
  useNewsMeta(category === undefined ? undefined : `${category.name}-新闻资讯`, category?.description);
  if (query.isError) return <p className="lt-news-empty">栏目不存在或已删除</p>;
  return (
    <div className="lt-news-columns">
      <div className="lt-news-main">
        <header className="lt-news-heading">
          <h1>{category?.name ?? '…'}</h1>
          {category !== undefined && (
            <p>
              {category.description}
              {category.description === '' ? '' : ' · '}共 {query.data?.total ?? 0} 篇
            </p>
          )}
        </header>
        <Section title="文章">
          <ArticleList articles={query.data?.list} empty="本栏目暂无文章" />
          <Pager page={page} total={query.data?.total ?? 0} size={10} onPage={setPage} />
        </Section>
      </div>
      <Side />
    </div>
  );
}

/** A tag's articles. */
export function TagView() {
  const id = idOf(useParams().id) ?? 0;
  const [page, setPage] = usePage();
  const query = useQuery({ ...newsQueries.tag(id, page), placeholderData: keepPreviousData });
  const tag = query.data?.tag;
  useNewsMeta(
    tag === undefined ? undefined : `${tag.name}-新闻资讯`,
    tag === undefined ? undefined : `标签“${tag.name}”的文章`,
  );
  if (query.isError) return <p className="lt-news-empty">标签不存在或已删除</p>;
  return (
    <div className="lt-news-columns">
      <div className="lt-news-main">
        <header className="lt-news-heading">
          <h1># {tag?.name ?? '…'}</h1>
          {tag !== undefined && <p>共 {query.data?.total ?? 0} 篇</p>}
        </header>
        <Section title="文章">
          <ArticleList articles={query.data?.list} />
          <Pager page={page} total={query.data?.total ?? 0} size={10} onPage={setPage} />
        </Section>
      </div>
      <Side />
    </div>
  );
}
