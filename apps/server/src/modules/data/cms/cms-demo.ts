import { areaByCode } from '@lantian/areas';
import {
  AQI_LEVELS_ORDER,
  type AqiLevel,
  aqiLevel,
  excerptOf,
  formatChinaDate,
  LEVELS,
  startOfChinaDay,
} from '@lantian/domain';
import sharp from 'sharp';
import type { AirStore, CityDay } from '../air';
import { escapeHtml, sanitizeArticleHtml } from './article-html';
import type { CmsStore } from './cms.store';
import { randomImageId } from './image-id';

/**
 * Demo news (DEMO_DATA=on): articles labelled 【演示】 whose every figure is computed from the city
 * days the platform holds — a weekly national summary (best and worst cities, days per level) and a
 * daily ranking — with chart images drawn from the same numbers. Each is written once per period
 * (its `demo_key`), so a running server adds the next week's summary when the data reaches it.
 */

const DAY = 86_400;
const CATEGORIES = [
  { name: '空气质量周报', description: '每周全国城市空气质量回顾', sort: 1 },
  { name: '每日排行', description: '全国城市空气质量日排行', sort: 2 },
  { name: '环保动态', description: '大气污染防治动态与政策解读', sort: 3 },
  { name: '科普知识', description: '空气质量指数与污染物科普', sort: 4 },
] as const;

interface CityMean {
  code: string;
  name: string;
  aqi: number;
  pm25: number | null;
  days: number;
}

const nameOf = (code: string) => areaByCode(code)?.name ?? code;
const round = (n: number) => Math.round(n);

function cityMeans(days: readonly CityDay[]): CityMean[] {
  const by = new Map<string, { aqi: number[]; pm: number[] }>();
  for (const d of days) {
    if (d.aqi === null) continue;
    const entry = by.get(d.city_code) ?? { aqi: [], pm: [] };
    entry.aqi.push(d.aqi);
    if (d.pm2_5 !== null) entry.pm.push(d.pm2_5);
    by.set(d.city_code, entry);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return [...by].map(([code, e]) => ({
    code,
    name: nameOf(code),
    aqi: mean(e.aqi),
    pm25: e.pm.length === 0 ? null : mean(e.pm),
    days: e.aqi.length,
  }));
}

function levelCounts(days: readonly CityDay[]): Map<AqiLevel, number> {
  const counts = new Map<AqiLevel, number>(AQI_LEVELS_ORDER.filter((l) => l > 0).map((l) => [l, 0]));
  for (const d of days) {
    const level = AQI_LEVELS_ORDER.find((l) => l === d.level);
    if (level !== undefined && level > 0) counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  return counts;
}

/**
 * A bar chart as SVG, rendered to WebP by sharp: a sky gradient, soft clouds, and the bars (at most
 * 120 px wide, centred) in the level colours. No text, so no font is needed on the server.
 */
async function barChart(bars: readonly { value: number; color: string }[], width = 1200, height = 630) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const base = height - 70;
  const barWidth = Math.min(120, (width - 200) / Math.max(1, bars.length) - 28);
  const total = bars.length * barWidth + (bars.length - 1) * 28;
  const left = (width - total) / 2;
  const rects = bars
    .map((b, i) => {
      const h = Math.max(6, ((base - 90) * b.value) / max);
      const x = left + i * (barWidth + 28);
      return `<rect x="${x}" y="${base - h}" width="${barWidth}" height="${h}" rx="14" fill="${b.color}" fill-opacity="0.92"/>`;
    })
    .join('');
  const grid = [0.25, 0.5, 0.75]
    .map(
      (f) =>
        `<line x1="60" x2="${width - 60}" y1="${base - (base - 90) * f}" y2="${base - (base - 90) * f}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="8 10"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f7cf6"/><stop offset="1" stop-color="#bcd9ff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><g fill="#ffffff" fill-opacity="0.28"><ellipse cx="${width * 0.18}" cy="110" rx="150" ry="42"/><ellipse cx="${width * 0.26}" cy="88" rx="90" ry="40"/><ellipse cx="${width * 0.78}" cy="150" rx="170" ry="46"/><ellipse cx="${width * 0.84}" cy="124" rx="100" ry="42"/></g>${grid}<rect x="40" y="${base}" width="${width - 80}" height="6" rx="3" fill="#ffffff" fill-opacity="0.85"/>${rects}</svg>`;
  const data = await sharp(Buffer.from(svg)).webp({ quality: 84 }).toBuffer();
  return { data, width, height };
}

function table(rows: readonly CityMean[], start: number): string {
  const body = rows
    .map(
      (c, i) =>
        `<tr><td>${start + i}</td><td>${escapeHtml(c.name)}</td><td>${round(c.aqi)}</td><td>${LEVELS[levelOfAqi(c.aqi)].name}</td><td>${c.pm25 === null ? '—' : round(c.pm25)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>名次</th><th>城市</th><th>平均 AQI</th><th>级别</th><th>PM2.5（μg/m³）</th></tr></thead><tbody>${body}</tbody></table>`;
}

const levelOfAqi = (aqi: number): AqiLevel => aqiLevel(Math.round(aqi));

/** The last Sunday (China time) on or before a day: weekly summaries cover Monday–Sunday weeks. */
function weekEnd(day: number): number {
  const weekday = new Date((day + 8 * 3600) * 1000).getUTCDay();
  return day - weekday * DAY;
}

export interface DemoNewsDeps {
  cms: CmsStore;
  air: AirStore;
  now: () => number;
}

/** Writes the demo articles the latest data allows and that are not yet written; answers how many. */
export async function writeDemoNews({ cms, air, now }: DemoNewsDeps): Promise<number> {
  const at = now();
  // The last whole day: today's row is still filling.
  const latest = await air.cityDays.latest(startOfChinaDay(at) - 1);
  if (latest === undefined) return 0;
  const keys = await cms.demoKeys();
  const week = weekEnd(latest);
  const weeklyKey = `weekly:${week}`;
  const dailyKey = `daily:${latest}`;
  if (keys.has(weeklyKey) && keys.has(dailyKey)) return 0;

  const categoryIds = new Map<string, number>();
  for (const c of CATEGORIES) {
    const known = await cms.categoryByName(c.name);
    categoryIds.set(c.name, known?.id ?? (await cms.insertCategory({ ...c, at })));
  }
  const tagId = async (name: string) => (await cms.tagByName(name))?.id ?? cms.insertTag(name, at);
  const storeImage = async (chart: { data: Buffer; width: number; height: number }) => {
    const id = randomImageId();
    await cms.insertImage({
      id,
      mime: 'image/webp',
      width: chart.width,
      height: chart.height,
      bytes: chart.data.length,
      data: chart.data,
      created_at: at,
      created_by: null,
    });
    return id;
  };
  // Shown the morning after the day they describe, or now when that is still ahead.
  const publishAt = Math.min(at, latest + DAY + 9 * 3600);
  let written = 0;

  if (!keys.has(weeklyKey)) {
    const from = week - 6 * DAY;
    const days = await air.cityDays.between(from, week);
    const means = cityMeans(days).filter((c) => c.days >= 4);
    if (means.length >= 10) {
      means.sort((a, b) => a.aqi - b.aqi);
      const counts = levelCounts(days);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const good = (counts.get(1) ?? 0) + (counts.get(2) ?? 0);
      const pmValues = means.flatMap((c) => (c.pm25 === null ? [] : [c.pm25]));
      const pm = pmValues.length === 0 ? null : pmValues.reduce((a, b) => a + b, 0) / pmValues.length;
      const best = means.slice(0, 10);
      const worst = means.slice(-10).reverse();
      const period = `${formatChinaDate(from)} 至 ${formatChinaDate(week)}`;
      const chart = await storeImage(
        await barChart([...counts].map(([level, n]) => ({ value: n, color: LEVELS[level].color }))),
      );
      const levelText = [...counts]
        .map(
          ([level, n]) => `${LEVELS[level].name} ${n} 个城市日（${total === 0 ? 0 : ((100 * n) / total).toFixed(1)}%）`,
        )
        .join('，');
      const html = sanitizeArticleHtml(
        `<p>本文由平台根据 ${period} 全国 ${means.length} 个城市的逐日空气质量数据自动生成，为演示内容。</p>` +
          `<h2>总体情况</h2><p>统计期内共 ${total} 个城市日，其中优良（优和良）${good} 个，优良天数比例 ${total === 0 ? 0 : ((100 * good) / total).toFixed(1)}%。各级别分布：${levelText}。${pm === null ? '' : `参与统计城市的 PM2.5 平均浓度为 ${round(pm)} μg/m³。`}</p>` +
          `<figure><img src="/api/cms/image/${chart}" alt="各级别城市日数分布"><figcaption>各级别城市日数分布（优、良、轻度、中度、重度、严重污染）</figcaption></figure>` +
          `<h2>空气质量较好的 10 个城市</h2>${table(best, 1)}` +
          `<h2>空气质量较差的 10 个城市</h2>${table(worst, 1)}` +
          `<p>${escapeHtml(best[0]?.name ?? '')}周平均 AQI 为 ${round(best[0]?.aqi ?? 0)}，为全国最好；${escapeHtml(worst[0]?.name ?? '')}周平均 AQI 为 ${round(worst[0]?.aqi ?? 0)}，为全国最差。</p>`,
      );
      const id = await cms.insertArticle(
        {
          title: `【演示】全国空气质量周报（${formatChinaDate(from).slice(5)} 至 ${formatChinaDate(week).slice(5)}）`,
          summary: excerptOf(
            `<p>${period}，全国 ${means.length} 个城市优良天数比例 ${total === 0 ? 0 : ((100 * good) / total).toFixed(1)}%；${best[0]?.name ?? ''}空气质量最好，${worst[0]?.name ?? ''}最差。</p>`,
            120,
          ),
          content: html,
          cover_image_id: chart,
          category_id: categoryIds.get('空气质量周报') ?? 0,
          author: '蓝天数据组',
          source: '蓝天空气质量平台（演示数据）',
          status: 'published',
          publish_at: Math.min(at, week + DAY + 9 * 3600),
          is_focus: 1,
          is_recommend: 1,
          is_top: 0,
          demo_key: weeklyKey,
          created_at: at,
          updated_at: at,
          created_by: null,
        },
        [await tagId('周报'), await tagId('PM2.5'), await tagId('演示')],
      );
      await cms.saveBanner(undefined, {
        title: `【演示】全国空气质量周报：优良天数比例 ${total === 0 ? 0 : ((100 * good) / total).toFixed(1)}%`,
        image_id: chart,
        link: `/news/article/${id}`,
        sort: 0,
        enabled: 1,
        at,
      });
      const albumId = await cms.insertAlbum({
        title: `【演示】${period} 空气质量图示`,
        description: '由平台数据自动绘制的演示图集',
        cover_image_id: chart,
        at,
      });
      await cms.addPicture(albumId, chart, '各级别城市日数分布', at);
      const worstChart = await storeImage(
        await barChart(worst.map((c) => ({ value: c.aqi, color: LEVELS[levelOfAqi(c.aqi)].color }))),
      );
      await cms.addPicture(albumId, worstChart, '周平均 AQI 最高的 10 个城市', at);
      written++;
    }
  }

  if (!keys.has(dailyKey)) {
    const days = await air.cityDays.at(latest);
    const means = cityMeans(days);
    if (means.length >= 10) {
      means.sort((a, b) => a.aqi - b.aqi);
      const counts = levelCounts(days);
      const chart = await storeImage(
        await barChart([...counts].map(([level, n]) => ({ value: n, color: LEVELS[level].color }))),
      );
      const html = sanitizeArticleHtml(
        `<p>${formatChinaDate(latest)}，全国 ${means.length} 个城市的日均空气质量排行如下（演示数据，平台自动生成）。</p>` +
          `<figure><img src="/api/cms/image/${chart}" alt="当日各级别城市数"><figcaption>当日各级别城市数</figcaption></figure>` +
          `<h2>前 10 名</h2>${table(means.slice(0, 10), 1)}<h2>后 10 名</h2>${table(means.slice(-10).reverse(), 1)}`,
      );
      await cms.insertArticle(
        {
          title: `【演示】${formatChinaDate(latest)} 全国城市空气质量排行`,
          summary: excerptOf(
            `<p>${formatChinaDate(latest)}，全国 ${means.length} 个城市中${means[0]?.name ?? ''}日均 AQI 最低（${round(means[0]?.aqi ?? 0)}），${means.at(-1)?.name ?? ''}最高（${round(means.at(-1)?.aqi ?? 0)}）。</p>`,
            120,
          ),
          content: html,
          cover_image_id: chart,
          category_id: categoryIds.get('每日排行') ?? 0,
          author: '蓝天数据组',
          source: '蓝天空气质量平台（演示数据）',
          status: 'published',
          publish_at: publishAt,
          is_focus: 0,
          is_recommend: 1,
          is_top: 0,
          demo_key: dailyKey,
          created_at: at,
          updated_at: at,
          created_by: null,
        },
        [await tagId('排行'), await tagId('演示')],
      );
      written++;
    }
  }
  return written;
}
