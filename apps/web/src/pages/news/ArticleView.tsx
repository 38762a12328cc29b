import { textOfHtml } from '@lantian/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ensureUniqueId } from '../../app/startup';
import { ApiError } from '../../shared/api/client';
import { RankedList, Section } from './ArticleCards';
import { newsQueries, upVote } from './news.api';
import { countText, idOf } from './news-format';
import { useNewsMeta } from './useNewsMeta';

/** A summary taken from the text's start (the default when an editor leaves it empty) says nothing new. */
function summaryRepeatsText(summary: string, html: string): boolean {
  const start = summary.replace(/…$/, '');
  return start === '' || textOfHtml(html).startsWith(start);
}

/** The code the server answers a second up-vote with (ErrorCode.ALREADY_VOTED). */
const ALREADY_VOTED = 40923;

/**
 * An article: title, source and time, the sanitised body (cleaned by the server on save), its tags,
 * the up-vote (once per visitor; the server remembers, so a second tap says so), previous and next
 * in the category, and the hot list beside it on a wide screen.
 */
export function ArticleView() {
  const id = idOf(useParams().id) ?? 0;
  const query = useQuery(newsQueries.article(id));
  const hot = useQuery(newsQueries.list('getHotList', 8));
  const client = useQueryClient();
  const [voting, setVoting] = useState(false);
  const [note, setNote] = useState<string | undefined>(undefined);
  const article = query.data;
  useNewsMeta(article?.title, article?.summary);

  if (query.isError) {
    return (
      <div className="lt-news-missing">
        <h1>文章不存在或尚未发布</h1>
        <Link to="/news/">返回新闻首页</Link>
      </div>
    );
  }
  if (article === undefined) return <div className="lt-news-skeleton lt-news-skeleton-tall" aria-busy="true" />;

  const vote = async () => {
    // Asked of the server even when this page believes the vote is in: the server is the one that
    // counts, and its answer (409 for a second vote) is what the reader is told.
    if (voting) return;
    setVoting(true);
    setNote(undefined);
    try {
      await ensureUniqueId();
      const result = await upVote(article.articleId);
      client.setQueryData(newsQueries.article(id).queryKey, {
        ...article,
        upVoted: true,
        upVoteCount: result.upVoteCount,
      });
      setNote('感谢点赞');
    } catch (err) {
      if (err instanceof ApiError && err.code === ALREADY_VOTED) {
        client.setQueryData(newsQueries.article(id).queryKey, { ...article, upVoted: true });
      }
      setNote(err instanceof ApiError ? err.message : '点赞失败，请稍后再试');
    } finally {
      setVoting(false);
    }
  };

  return (
    <div className="lt-news-columns">
      <article className="lt-news-main lt-news-article">
        <nav className="lt-news-crumbs" aria-label="位置">
          <Link to="/news/">新闻资讯</Link>
          <span aria-hidden="true">›</span>
          <Link to={`/news/category/${article.categoryId}`}>{article.categoryName}</Link>
        </nav>
        <h1 className="lt-news-article-title">{article.title}</h1>
        <p className="lt-news-meta lt-news-article-meta">
          {article.source !== '' && <span>来源：{article.source}</span>}
          {article.author !== '' && <span>作者：{article.author}</span>}
          <span>{article.publishTime.slice(0, 16)}</span>
          <span>{countText(article.viewCount)} 阅读</span>
        </p>
        {!summaryRepeatsText(article.summary, article.content) && (
          <p className="lt-news-article-summary">{article.summary}</p>
        )}
        <div
          className="lt-news-content"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises every article on save (allow-list, docs/NEWS.md)
          dangerouslySetInnerHTML={{ __html: article.content }}
        />
        {article.tags.length > 0 && (
          <div className="lt-news-tags lt-news-article-tags">
            {article.tags.map((t) => (
              <Link key={t.tagId} to={`/news/tag/${t.tagId}`} className="lt-news-tag">
                # {t.name}
              </Link>
            ))}
          </div>
        )}
        <div className="lt-news-vote">
          <button
            type="button"
            className={article.upVoted ? 'lt-news-vote-button lt-news-vote-done' : 'lt-news-vote-button'}
            aria-pressed={article.upVoted}
            onClick={() => void vote()}
            disabled={voting}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.4-1L13.2 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z"
              />
            </svg>
            <span>{article.upVoted ? '已赞' : '点赞'}</span>
            <strong data-testid="upvote-count">{article.upVoteCount}</strong>
          </button>
          <p className="lt-news-vote-note" role="status">
            {note ?? ''}
          </p>
        </div>
        <nav className="lt-news-prevnext" aria-label="上一篇与下一篇">
          {article.prev !== null ? (
            <Link to={`/news/article/${article.prev.articleId}`}>
              <small>上一篇</small>
              {article.prev.title}
            </Link>
          ) : (
            <span>
              <small>上一篇</small>没有了
            </span>
          )}
          {article.next !== null ? (
            <Link to={`/news/article/${article.next.articleId}`}>
              <small>下一篇</small>
              {article.next.title}
            </Link>
          ) : (
            <span>
              <small>下一篇</small>没有了
            </span>
          )}
        </nav>
      </article>
      <aside className="lt-news-side">
        <Section title="热门">
          <RankedList articles={hot.data} />
        </Section>
      </aside>
    </div>
  );
}
