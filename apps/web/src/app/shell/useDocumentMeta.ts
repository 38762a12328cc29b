import { useEffect } from 'react';
import { useCurrentCity } from '../../modules/city';
import { SITE_TITLE_SUFFIX } from '../pages';

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
 * Spec §2: the title becomes '{area name}空气质量数据-' plus the site suffix, and the keywords and
 * description meta tags '{area name}空气质量数据 全国大气污染'.
 */
export function useDocumentMeta(): void {
  const city = useCurrentCity();
  const name = city?.name;
  useEffect(() => {
    if (name === undefined) return;
    document.title = `${name}空气质量数据-${SITE_TITLE_SUFFIX}`;
    const text = `${name}空气质量数据 全国大气污染`;
    setMeta('keywords', text);
    setMeta('description', text);
  }, [name]);
}
