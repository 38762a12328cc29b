import { useEffect } from 'react';
import { SITE_TITLE_SUFFIX } from './pages';

/** Sets (or adds) a `<meta name=…>` tag of the document. */
export function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta === null) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * A section's document title ('{title}-蓝天空气质量', like the pages' spec §2 titles) and its
 * description and keywords; the three pages are titled by the shell from the current city.
 */
export function useSectionMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = `${title}-${SITE_TITLE_SUFFIX}`;
    setMeta('description', description ?? title);
    setMeta('keywords', `${title} 空气质量 全国大气污染`);
  }, [title, description]);
}
