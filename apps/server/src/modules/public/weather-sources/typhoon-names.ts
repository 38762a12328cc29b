/**
 * Chinese names of western North Pacific typhoon names (the ESCAP/WMO Typhoon Committee list as
 * the CMA publishes it), for the names in recent seasons. A name not listed keeps name_cn null and
 * is found by its English name or number.
 */
export const TYPHOON_NAMES_CN: Readonly<Record<string, string>> = {
  BEBINCA: '贝碧嘉',
  CHABA: '暹芭',
  CHANTHU: '灿都',
  DOKSURI: '杜苏芮',
  GAEMI: '格美',
  HAIKUI: '海葵',
  HATO: '天鸽',
  HINNAMNOR: '轩岚诺',
  'IN-FA': '烟花',
  KHANUN: '卡努',
  KOINU: '小犬',
  'KONG-REY': '康妮',
  LEKIMA: '利奇马',
  'MA-ON': '马鞍',
  MANGKHUT: '山竹',
  MAWAR: '玛娃',
  MUIFA: '梅花',
  NORU: '奥鹿',
  SAOLA: '苏拉',
  TALIM: '泰利',
  TRAMI: '潭美',
  WIPHA: '韦帕',
  YAGI: '摩羯',
};
