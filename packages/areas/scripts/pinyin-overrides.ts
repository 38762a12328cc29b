/**
 * Place-name readings that pinyin-pro gets wrong, or gets right only by luck of its dictionary.
 *
 * Each key is a word (or a single character, which then applies in every name) and its value the toneless
 * syllables, space separated, `v` for ü. The longest key matching at a position wins, so a character default
 * like 长 → chang can still be overruled by a word such as 长子 → zhang zi.
 *
 * How the list was made: every character of every short name (3,210 areas) that pinyin-pro lists with more than
 * one *toneless* reading was reviewed by hand (155 characters in 774 names); tone-only differences (台 tái/tāi,
 * 曲 qǔ/qū, 丽 lì/lí) do not change the toneless output and are listed only where the issue asked for them.
 * Entries marked "locked" are read correctly by pinyin-pro 3.29 today; they are pinned so that a dictionary
 * change in a later pinyin-pro cannot silently move a well-known city's route (`/city/xiamen`).
 */
export const PINYIN_OVERRIDES: Readonly<Record<string, string>> = {
  // --- Character defaults: how the character reads in (nearly) every place name. ---

  /** 都 as "capital" is dū (成都, 首都, 都江堰, 都匀, 昌都, 花都…); pinyin-pro defaults to the adverb dōu ("all"). */
  都: 'du',
  /** 长 in place names is cháng "long" (长沙, 长春, 长治, 长安…); the one zhǎng is 长子, below. */
  长: 'chang',
  /** 乐 in place names is lè (乐山, 博乐, 长乐); pinyin-pro read 民乐 (Gansu) as yuè. Exceptions 乐清, 乐亭 below. */
  乐: 'le',
  /** 什 in transliterated names is shí (喀什, 阿图什, 什邡, 克什克腾, 塔什库尔干); pinyin-pro gives shén ("what"). */
  什: 'shi',
  /** 蚌 in 蚌埠 and its 蚌山区 is bèng; pinyin-pro reads bàng ("clam") in 蚌山. */
  蚌: 'beng',

  // --- Words: exceptions to the defaults above. ---

  /** 长子县 (Shanxi): zhǎng "eldest son", the one place name where 长 is not cháng. */
  长子: 'zhang zi',
  /** 乐清 (Zhejiang) is Yuèqīng. */
  乐清: 'yue qing',
  /** 乐亭 (Hebei) is Làotíng in the local and official reading. */
  乐亭: 'lao ting',

  // --- Words pinyin-pro 3.29 reads wrongly. ---

  /** 黄陂区 (Wuhan): Huángpí, not bēi. */
  黄陂: 'huang pi',
  /** 涡阳县 (Anhui): Guōyáng, after the Guō river; wō is "whirlpool". */
  涡阳: 'guo yang',
  /** 蔚县 (Hebei): Yùxiàn; wèi is the "blue" reading. */
  蔚县: 'yu xian',
  /** 单县 (Shandong): Shànxiàn, the surname/place reading. */
  单县: 'shan xian',
  /** 泌阳县 (Henan): Bìyáng, after the Bì river. */
  泌阳: 'bi yang',
  /** 洪洞县 (Shanxi): Hóngtóng. */
  洪洞: 'hong tong',
  /** 筠连县 (Sichuan): Jūnlián. */
  筠连: 'jun lian',
  /** 歙县 (Anhui): Shèxiàn. */
  歙县: 'she xian',
  /** 六合区 (Nanjing): Lùhé, the same old reading of 六 as in 六安. */
  六合: 'lu he',
  /** 闵行区 (Shanghai): Mǐnháng. */
  闵行: 'min hang',
  /** 尉犁县 (Xinjiang): Yùlí; 尉氏 keeps wèi (below). */
  尉犁: 'yu li',
  /** 大城县 (Hebei): Dàchéng; pinyin-pro produces dài. */
  大城: 'da cheng',
  /** 穆棱市 (Heilongjiang): Mùlíng. */
  穆棱: 'mu ling',
  /** 绥棱县 (Heilongjiang): Suílíng. (丹棱 in Sichuan is Dānléng, as pinyin-pro has it.) */
  绥棱: 'sui ling',
  /** 牟定县 (Yunnan): Móudìng; 牟平 and 中牟 are mù, as pinyin-pro has them. */
  牟定: 'mou ding',
  /** 繁峙县 (Shanxi): Fánshì. */
  繁峙: 'fan shi',
  /** 召陵区 (Luohe): Shàolíng; 南召 is zhào, as pinyin-pro has it. */
  召陵: 'shao ling',
  /** 大埔县 (Guangdong): Dàbù; 黄埔 is pǔ, as pinyin-pro has it. */
  大埔: 'da bu',
  /** 吴堡县 (Shaanxi): Wúbǔ. */
  吴堡: 'wu bu',
  /** 红寺堡区 (Ningxia): Hóngsìbǔ. */
  红寺堡: 'hong si bu',
  /** 珲春市 (Jilin): Hūnchūn. */
  珲春: 'hun chun',
  /** 浚县 (Henan): Xùnxiàn. */
  浚县: 'xun xian',
  /** 曾都区 (Suizhou): Zēngdū (the state of 曾). */
  曾都: 'zeng du',
  /** 宕昌县 (Gansu): Tànchāng. */
  宕昌: 'tan chang',
  /** 万柏林区 (Taiyuan): Wànbǎilín; pinyin-pro sees 柏林 "Berlin" (bó). 柏乡, 桐柏, 双柏 are bǎi already. */
  万柏林: 'wan bai lin',
  /** 大箐山县 (Heilongjiang): 箐 has the single dictionary reading qìng; pinyin-pro says jīng. */
  大箐山: 'da qing shan',
  /** 会稽 (old name of Shaoxing, not an area code): kuài, against 会昌/会理 huì. Kept for text such as site names. */
  会稽: 'kuai ji',

  // --- Locked: right today, pinned because they are the classic traps. ---

  /** locked: 重庆 chóng. */
  重庆: 'chong qing',
  /** locked: 厦门 xià. */
  厦门: 'xia men',
  /** locked: 蚌埠 bèngbù. */
  蚌埠: 'beng bu',
  /** locked: 六安 lù'ān. */
  六安: 'lu an',
  /** locked: 铅山 yán. */
  铅山: 'yan shan',
  /** locked: 番禺 pān (吐鲁番 stays fān). */
  番禺: 'pan yu',
  /** locked: 莘县 shēn. */
  莘县: 'shen xian',
  /** locked: 亳州 bó (not 毫 háo). */
  亳州: 'bo zhou',
  /** locked: 漯河 luò. */
  漯河: 'luo he',
  /** locked: 东阿 ē. */
  东阿: 'dong e',
  /** locked: 井陉 xíng. */
  井陉: 'jing xing',
  /** locked: 濮阳 pú. */
  濮阳: 'pu yang',
  /** locked: 莒县 jǔ. */
  莒县: 'ju xian',
  /** locked: 郯城 tán. */
  郯城: 'tan cheng',
  /** locked: 邳州 pī. */
  邳州: 'pi zhou',
  /** locked: 阆中 làng (toneless lang either way). */
  阆中: 'lang zhong',
  /** locked: 犍为 qián wéi. */
  犍为: 'qian wei',
  /** locked: 荥阳 xíng; 荥经 (Sichuan) is yíng. */
  荥阳: 'xing yang',
  /** locked: 荥经 yíng. */
  荥经: 'ying jing',
  /** locked: 蠡县 lǐ. */
  蠡县: 'li xian',
  /** locked: 行唐 xíng (闵行 is háng, above). */
  行唐: 'xing tang',
  /** locked: 会昌 huì. */
  会昌: 'hui chang',
  /** locked: 黟县 yī. */
  黟县: 'yi xian',
  /** locked: 婺源 wù. */
  婺源: 'wu yuan',
  /** locked: 鄱阳 pó. */
  鄱阳: 'po yang',
  /** locked: 岷县 mín. */
  岷县: 'min xian',
  /** locked: 巴音郭楞 léng. */
  巴音郭楞: 'ba yin guo leng',
  /** locked: 曲阜 qū (tone only). */
  曲阜: 'qu fu',
  /** locked: 大理 dà. */
  大理: 'da li',
  /** locked: 台州 tāi (tone only). */
  台州: 'tai zhou',
  /** locked: 天台 tiān tāi (tone only). */
  天台: 'tian tai',
  /** locked: 丽水 lí (tone only). */
  丽水: 'li shui',
  /** locked: 丽江 lì. */
  丽江: 'li jiang',
  /** locked: 尉氏 wèi (尉犁 is yù, above). */
  尉氏: 'wei shi',
  /** locked: 冠县 guān. */
  冠县: 'guan xian',
  /** locked: 任丘 rén (tone only). */
  任丘: 'ren qiu',
  /** locked: 朝阳 cháo. */
  朝阳: 'chao yang',
  /** locked: 藁城 gǎo. */
  藁城: 'gao cheng',
};
