import { Navigate, Route, Routes } from 'react-router';
import { AlbumsView, AlbumView } from './news/AlbumsView';
import { ArticleView } from './news/ArticleView';
import { CategoryView, TagView } from './news/ListView';
import { NewsHome } from './news/NewsHome';
import { NewsNav } from './news/NewsNav';
import { TimelineView } from './news/TimelineView';
import './news/news.css';

/**
 * 新闻资讯 (`/news/…`, issue 18): home, categories, articles, tags, albums and the archive. The
 * server already put the article's title, description and text into the page's HTML (for link
 * previews and crawlers); this page takes over from there.
 */
export default function NewsPage() {
  return (
    <div className="lt-news">
      <NewsNav />
      <Routes>
        <Route index element={<NewsHome />} />
        <Route path="category/:id" element={<CategoryView />} />
        <Route path="tag/:id" element={<TagView />} />
        <Route path="article/:id" element={<ArticleView />} />
        <Route path="albums" element={<AlbumsView />} />
        <Route path="album/:id" element={<AlbumView />} />
        <Route path="timeline" element={<TimelineView />} />
        <Route path="*" element={<Navigate to="/news/" replace />} />
      </Routes>
    </div>
  );
}
