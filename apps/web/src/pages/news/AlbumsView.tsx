import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { newsQueries } from './news.api';
import { idOf } from './news-format';
import { useNewsMeta } from './useNewsMeta';

/** 图集: the albums as cover cards. */
export function AlbumsView() {
  useNewsMeta('图集-新闻资讯', '空气质量图集');
  const albums = useQuery(newsQueries.albums());
  return (
    <div>
      <header className="lt-news-heading">
        <h1>图集</h1>
      </header>
      {albums.data === undefined ? (
        <div className="lt-news-skeleton" aria-busy="true" />
      ) : albums.data.length === 0 ? (
        <p className="lt-news-empty">暂无图集</p>
      ) : (
        <div className="lt-news-albums">
          {albums.data.map((a) => (
            <Link key={a.albumId} to={`/news/album/${a.albumId}`} className="lt-news-album">
              {a.cover !== null && <img src={a.cover} alt="" loading="lazy" />}
              <span className="lt-news-album-count">{a.pictureCount} 张</span>
              <strong>{a.title}</strong>
              <small>{a.createTime.slice(0, 10)}</small>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

/** One album: its pictures in a grid; a tap opens the picture large, with previous/next and Esc. */
export function AlbumView() {
  const id = idOf(useParams().id) ?? 0;
  const query = useQuery(newsQueries.album(id));
  const [open, setOpen] = useState<number | undefined>(undefined);
  const album = query.data?.album;
  const pictures = query.data?.list ?? [];
  useNewsMeta(album === undefined ? undefined : `${album.title}-图集`, album?.description);

  useEffect(() => {
    if (open === undefined) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(undefined);
      if (e.key === 'ArrowRight') setOpen((i) => (i === undefined ? i : (i + 1) % pictures.length));
      if (e.key === 'ArrowLeft') setOpen((i) => (i === undefined ? i : (i - 1 + pictures.length) % pictures.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, pictures.length]);

  if (query.isError) return <p className="lt-news-empty">图集不存在或已删除</p>;
  const shown = open === undefined ? undefined : pictures[open];
  return (
    <div>
      <header className="lt-news-heading">
        <nav className="lt-news-crumbs" aria-label="位置">
          <Link to="/news/albums">图集</Link>
        </nav>
        <h1>{album?.title ?? '…'}</h1>
        {album !== undefined && (
          <p>
            {album.description} · 共 {album.pictureCount} 张
          </p>
        )}
      </header>
      <div className="lt-news-pictures">
        {pictures.map((p, i) => (
          <button type="button" key={p.pictureId} className="lt-news-picture" onClick={() => setOpen(i)}>
            <img src={p.image} alt={p.caption} loading="lazy" width={p.width} height={p.height} />
            {p.caption !== '' && <span>{p.caption}</span>}
          </button>
        ))}
      </div>
      {shown !== undefined && (
        <div className="lt-news-lightbox" role="dialog" aria-modal="true" aria-label={shown.caption || '图片'}>
          <button type="button" className="lt-news-lightbox-close" onClick={() => setOpen(undefined)} aria-label="关闭">
            ×
          </button>
          <img src={shown.image} alt={shown.caption} />
          <p>
            {(open ?? 0) + 1} / {pictures.length} {shown.caption}
          </p>
          {pictures.length > 1 && (
            <div className="lt-news-lightbox-nav">
              <button type="button" onClick={() => setOpen(((open ?? 0) - 1 + pictures.length) % pictures.length)}>
                上一张
              </button>
              <button type="button" onClick={() => setOpen(((open ?? 0) + 1) % pictures.length)}>
                下一张
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
