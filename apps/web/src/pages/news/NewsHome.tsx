import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArticleList, RankedList, Section } from './ArticleCards';
import { BannerCarousel } from './BannerCarousel';
import { newsQueries } from './news.api';
import { useNewsMeta } from './useNewsMeta';

/** 新闻资讯 home: the banner, 焦点 (large cards), 最新, and at the side 热门 and 标签. */
export function NewsHome() {
  useNewsMeta('新闻资讯', '全国空气质量新闻、周报、排行与科普');
  const banners = useQuery(newsQueries.banners());
  const focus = useQuery(newsQueries.list('getFocusList', 4));
  const recent = useQuery(newsQueries.list('getRecentList', 12));
  const hot = useQuery(newsQueries.list('getHotList', 8));
  const tags = useQuery(newsQueries.tags());

  return (
    <div className="lt-news-columns">
      <div className="lt-news-main">
        {banners.data !== undefined && <BannerCarousel banners={banners.data} />}
        {focus.data !== undefined && focus.data.length > 0 && (
          <Section title="焦点">
            <div className="lt-news-focus">
              {focus.data.map((a) => (
                <Link key={a.articleId} to={`/news/article/${a.articleId}`} className="lt-news-focus-card">
                  {a.cover !== null ? (
                    <img src={a.cover} alt="" loading="lazy" />
                  ) : (
                    <span className="lt-news-focus-blank" aria-hidden="true" />
                  )}
                  <span className="lt-news-focus-title">{a.title}</span>
                </Link>
              ))}
            </div>
          </Section>
        )}
        <Section title="最新">
          <ArticleList articles={recent.data} empty="暂无已发布的文章" />
        </Section>
      </div>
      <aside className="lt-news-side">
        <Section title="热门">
          <RankedList articles={hot.data} />
        </Section>
        <Section title="标签">
          <div className="lt-news-tags">
            {tags.data?.map((t) => (
              <Link key={t.tagId} to={`/news/tag/${t.tagId}`} className="lt-news-tag">
                {t.name}
                <small>{t.articleCount}</small>
              </Link>
            ))}
          </div>
        </Section>
      </aside>
    </div>
  );
}
