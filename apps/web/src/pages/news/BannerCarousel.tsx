import type { CmsBanner } from '@lantian/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';

const INTERVAL_MS = 5000;

function slideTo(el: HTMLDivElement | null, i: number) {
  el?.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
}

function BannerLink({ banner, children }: { banner: CmsBanner; children: React.ReactNode }) {
  if (banner.link.startsWith('/')) return <Link to={banner.link}>{children}</Link>;
  if (banner.link === '') return <span>{children}</span>;
  return (
    <a href={banner.link} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The home page's banner: CSS scroll-snap (swipe on a phone, no library), advanced every 5 s unless
 * the reader is touching it or prefers reduced motion; dots to jump.
 */
export function BannerCarousel({ banners }: { banners: CmsBanner[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  const go = (i: number) => slideTo(track.current, i);

  useEffect(() => {
    if (paused || banners.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => slideTo(track.current, (index + 1) % banners.length), INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [index, paused, banners.length]);

  if (banners.length === 0) return null;
  return (
    <div
      className="lt-news-banner"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onTouchStart={() => setPaused(true)}
    >
      <div
        className="lt-news-banner-track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {banners.map((b, i) => (
          <div className="lt-news-banner-slide" key={b.bannerId} aria-hidden={i !== index}>
            <BannerLink banner={b}>
              <img src={b.image} alt="" loading={i === 0 ? 'eager' : 'lazy'} />
              <span className="lt-news-banner-title">{b.title}</span>
            </BannerLink>
          </div>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="lt-news-banner-dots">
          {banners.map((b, i) => (
            <button
              type="button"
              key={b.bannerId}
              className={i === index ? 'lt-news-dot lt-news-dot-on' : 'lt-news-dot'}
              aria-label={`第 ${i + 1} 张`}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
