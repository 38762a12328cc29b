import { useEffect } from 'react';
import { SITE_TITLE_SUFFIX } from '../../app/pages';

function setMeta(name: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta === null) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * The news page's title and description. The shell sets the city's title when the city resolves,
 * which may come after this page's effect; the title is held while the page is shown.
 */
export function useNewsMeta(title: string | undefined, description: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const full = `${title}-${SITE_TITLE_SUFFIX}`;
    const apply = () => {
      if (document.title !== full) document.title = full;
      if (description !== undefined) setMeta('description', description);
    };
    apply();
    const element = document.querySelector('title');
    if (element === null) return;
    const observer = new MutationObserver(apply);
    observer.observe(element, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [title, description]);
}
