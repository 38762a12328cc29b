/**
 * Search aliases: names people type that are not the Hanyu Pinyin of the area name. Mostly the romanisations
 * used for minority-language places (Ürümqi, not Wulumuqi), postal/Wade-Giles names still in common use abroad,
 * and the English names of the special regions. Keys are area codes; values are normalised at build time
 * (lower-case, letters only), so `Hong Kong` and `hongkong` are the same alias.
 */
export const EXONYMS: Readonly<Record<string, readonly string[]>> = {
  // Municipalities and special regions.
  '110000': ['Peking'],
  '120000': ['Tientsin'],
  '500000': ['Chungking'],
  '810000': ['Hong Kong', 'HK'],
  '820000': ['Macau', 'Macao'],
  /** The code list has no prefecture units for Taiwan, so its capital's names point at the province entry. */
  '710000': ['Taipei', '台北'],
  // Provinces with a conventional spelling of their own.
  '150000': ['Inner Mongolia'],
  '540000': ['Tibet'],
  /** GB/T spelling that tells 陕西 from 山西 (both `shanxi` in plain pinyin). */
  '610000': ['Shaanxi'],
  // Postal and Wade-Giles names that survive in English.
  '440100': ['Canton'],
  '350200': ['Amoy'],
  '320100': ['Nanking'],
  '370200': ['Tsingtao'],
  '210100': ['Mukden'],
  // Inner Mongolia: Mongolian names.
  '150100': ['Hohhot'],
  '150600': ['Ordos'],
  '150700': ['Hulunbuir'],
  '150800': ['Bayannur'],
  '150900': ['Ulanqab'],
  '152200': ['Hinggan'],
  '152500': ['Xilingol'],
  '152900': ['Alxa'],
  '230100': ['Harbin'],
  // Tibet: Tibetan names.
  '540100': ['Lhasa'],
  '540200': ['Shigatse', 'Xigaze'],
  '540300': ['Qamdo', 'Chamdo'],
  '540400': ['Nyingchi'],
  '540500': ['Lhoka'],
  '540600': ['Nagqu'],
  '542500': ['Ngari'],
  // Qinghai.
  '632801': ['Golmud'],
  // Xinjiang: Uyghur, Kazakh and Mongolian names.
  '650100': ['Urumqi'],
  '650200': ['Karamay'],
  '650400': ['Turpan'],
  '650500': ['Kumul'],
  '652700': ['Bortala'],
  '652800': ['Bayingolin'],
  '652801': ['Korla'],
  '652900': ['Aksu'],
  '653000': ['Kizilsu'],
  '653100': ['Kashgar'],
  '653200': ['Hotan', 'Khotan'],
  '654000': ['Ili'],
  '654002': ['Ghulja'],
  '654300': ['Altay'],
};
