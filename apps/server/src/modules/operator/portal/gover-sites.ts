/** The portal's government sites list (getGoverSites), read from the dictionary's `goverSite` type. */
export interface GoverSite {
  name: string;
  url: string;
}

/**
 * The enabled `goverSite` items as `{ name, url }`, in the dictionary's order. The dictionary refuses
 * an item of this type without an http(s) address; one that lacks it anyway (written before that
 * rule, or by hand in the database) is left out rather than shown as a dead link.
 */
export function goverSitesOf(
  items: ReadonlyArray<{ label: string; extra: Readonly<Record<string, string>> }>,
  isHttpUrl: (text: string) => boolean,
): GoverSite[] {
  return items.flatMap((item) => {
    const url = item.extra.url;
    return url !== undefined && isHttpUrl(url) ? [{ name: item.label, url }] : [];
  });
}
