/**
 * Short names: the official name without its administrative suffix (`北京市` → `北京`,
 * `延边朝鲜族自治州` → `延边`). Pinyin and route slugs are built from them, as people say and type them.
 */

/** The 55 minority nationalities plus 汉, and 各 for 各族 (`龙胜各族自治县`). */
const NATIONALITIES = (
  '汉 蒙古 回 藏 维吾尔 苗 彝 壮 布依 朝鲜 满 侗 瑶 白 土家 哈尼 哈萨克 傣 黎 傈僳 佤 畲 高山 拉祜 水 东乡 纳西 景颇 ' +
  '柯尔克孜 土 达斡尔 仫佬 羌 布朗 撒拉 毛南 仡佬 锡伯 阿昌 普米 塔吉克 怒 乌孜别克 俄罗斯 鄂温克 德昂 保安 裕固 京 ' +
  '塔塔尔 独龙 鄂伦春 赫哲 门巴 珞巴 基诺 各'
).split(' ');
/** Longest first, so that `哈萨克族` is tried before a shorter token could match its tail. */
const byLength = (a: string, b: string) => b.length - a.length;
/** Before `自治州/县/旗` a nationality may appear without 族 (`巴音郭楞蒙古自治州`). */
const AUTONOMOUS_TOKENS = [...NATIONALITIES.map((n) => `${n}族`), ...NATIONALITIES].sort(byLength);
/** Before a plain suffix only the `…族` form is a nationality (`管城回族区`); a bare `水` could be part of the name. */
const PLAIN_TOKENS = NATIONALITIES.map((n) => `${n}族`).sort(byLength);

/** Tried in order; the first one that leaves at least two characters wins. */
const SUFFIXES = ['特别行政区', '自治区', '自治州', '自治县', '自治旗', '地区', '新区', '省', '市', '盟', '区', '县'];

/**
 * Names whose suffix rule would go wrong. 林区/特区 occur once each, while `万柏林区`, `碑林区` end in 林区 by accident;
 * 矿区 is part of the name (井陉矿区 is not "井陉矿"); banners (旗) keep 旗 because `镶黄`, `乌拉特前` mean nothing alone.
 */
const KEEP_WHOLE = /(?:矿区|旗)$/;
const SPECIAL: Readonly<Record<string, string>> = { 神农架林区: '神农架', 六枝特区: '六枝' };

function stripNationalities(rest: string, tokens: readonly string[]): string {
  let out = rest;
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of tokens) {
      if (out.endsWith(t) && out.length - t.length >= 2) {
        out = out.slice(0, -t.length);
        changed = true;
        break;
      }
    }
  }
  return out;
}

export function shortName(name: string): string {
  const special = SPECIAL[name];
  if (special !== undefined) return special;
  // 自治旗 is a real suffix (鄂伦春自治旗 → 鄂伦春), unlike a plain 旗.
  if (KEEP_WHOLE.test(name) && !name.endsWith('自治旗')) return name;
  for (const suffix of SUFFIXES) {
    if (!name.endsWith(suffix)) continue;
    const autonomous = suffix.startsWith('自治');
    let rest = stripNationalities(name.slice(0, -suffix.length), autonomous ? AUTONOMOUS_TOKENS : PLAIN_TOKENS);
    // 鄂温克族自治旗: the nationality is the place name, so only 族 goes.
    if (autonomous && rest.endsWith('族') && rest.length > 2) rest = rest.slice(0, -1);
    // One character is not a name people use (赵县, 城区, 清新区 → not 清): try a shorter suffix or keep it whole.
    if (rest.length >= 2) return rest;
  }
  return name;
}
