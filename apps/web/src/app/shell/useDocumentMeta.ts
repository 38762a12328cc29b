import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentCity } from '../../modules/city';
import { setMeta } from '../document-meta';
import { SITE_TITLE_SUFFIX } from '../pages';
import { isPagePath } from '../routing';

/**
 * Spec §2: the title becomes '{area name}空气质量数据-' plus the site suffix, and the keywords and
 * description meta tags '{area name}空气质量数据 全国大气污染'.
 */
export function useDocumentMeta(): void {
  const city = useCurrentCity();
  const name = city?.name;
  const onPage = isPagePath(useLocation().pathname);
  useEffect(() => {
    // The sections (analysis, news) title their own documents.
    if (name === undefined || !onPage) return;
    document.title = `${name}空气质量数据-${SITE_TITLE_SUFFIX}`;
    const text = `${name}空气质量数据 全国大气污染`;
    setMeta('keywords', text);
    setMeta('description', text);
  }, [name, onPage]);
}
