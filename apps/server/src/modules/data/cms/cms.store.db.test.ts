import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { AirStore } from '../air';
import { CmsStore } from './cms.store';
import { writeDemoNews } from './cms-demo';

const NOW = 1_780_000_000;
const DAY = 86_400;

describe.each(testDialects())('news CMS store on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    const store = new CmsStore(database);
    const categoryId = await store.insertCategory({ name: '动态', description: '', sort: 1, at: NOW });
    const tagId = await store.insertTag('臭氧', NOW);
    const write = (
      title: string,
      status: string,
      publishAt: number | null,
      flags: Partial<Record<'is_top' | 'is_focus', number>> = {},
    ) =>
      store.insertArticle(
        {
          title,
          summary: title,
          content: `<p>${title}</p>`,
          cover_image_id: null,
          category_id: categoryId,
          author: '',
          source: '',
          status,
          publish_at: publishAt,
          is_focus: flags.is_focus ?? 0,
          is_recommend: 0,
          is_top: flags.is_top ?? 0,
          demo_key: null,
          created_at: NOW,
          updated_at: NOW,
          created_by: null,
        },
        [tagId],
      );
    return { store, categoryId, tagId, write };
  }

  it('lists only visible articles, top first then newest, and counts them per category and tag', async () => {
    const { store, categoryId, tagId, write } = await setup();
    const a = await write('早', 'published', NOW - 300);
    const b = await write('晚', 'published', NOW - 100);
    const top = await write('置顶', 'published', NOW - 500, { is_top: 1 });
    await write('草稿', 'draft', null);
    const later = await write('定时', 'scheduled', NOW + 100);
    const ids = (await store.cards({ now: NOW, order: 'recent', limit: 10 })).map((r) => r.id);
    expect(ids).toEqual([top, b, a]);
    expect((await store.cards({ now: NOW + 100, order: 'recent', limit: 10 })).map((r) => r.id)).toContain(later);
    expect(await store.countCards({ now: NOW, categoryId })).toBe(3);
    expect(await store.countCards({ now: NOW, tagId })).toBe(3);
    expect(await store.tags(NOW)).toEqual([{ id: tagId, name: '臭氧', articleCount: 3 }]);
    const [category] = await store.categories(NOW);
    expect(category).toMatchObject({ id: categoryId, visible: 3, total: 5 });
    const { prev, next } = await store.neighbours({ id: a, category_id: categoryId, publish_at: NOW - 300 }, NOW);
    expect(prev?.id).toBe(top);
    expect(next?.id).toBe(b);
    const admin = await store.adminArticles({ now: NOW, status: 'scheduled', limit: 10, offset: 0 });
    expect(admin.list.map((r) => r.id)).toEqual([later]);
    expect(admin.total).toBe(1);
    expect((await store.adminArticles({ now: NOW, keyword: '草', limit: 10, offset: 0 })).total).toBe(1);
  });

  it('counts an up-vote once per visitor, atomically, and views in SQL', async () => {
    const { store, write } = await setup();
    const id = await write('点赞', 'published', NOW - 1);
    const votes = await Promise.all([
      store.upVote(id, 'visitor-1', NOW),
      store.upVote(id, 'visitor-1', NOW),
      store.upVote(id, 'visitor-2', NOW),
    ]);
    expect(votes.filter((v) => v === undefined)).toHaveLength(1);
    expect((await store.article(id))?.up_vote_count).toBe(2);
    expect(await store.upVotesOf(id)).toBe(2);
    expect(await store.hasUpVoted(id, 'visitor-1')).toBe(true);
    expect(await store.hasUpVoted(id, 'visitor-3')).toBe(false);
    await Promise.all([store.addView(id), store.addView(id)]);
    expect((await store.article(id))?.view_count).toBe(2);
    // Deleting the article takes its votes and tags with it.
    expect(await store.deleteArticle(id)).toBe(true);
    expect(await store.upVotesOf(id)).toBe(0);
  });

  it('stores image bytes and albums of pictures, and updates articles with their tags in one go', async () => {
    const { store, write, tagId } = await setup();
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]);
    await store.insertImage({
      id: 'Img0000000000000001',
      mime: 'image/jpeg',
      width: 2,
      height: 1,
      bytes: bytes.length,
      data: bytes,
      created_at: NOW,
      created_by: 'admin',
    });
    expect(Buffer.from((await store.image('Img0000000000000001'))?.data ?? []).equals(bytes)).toBe(true);
    expect(await store.existingImages(['Img0000000000000001', 'Nope000000000000000'])).toEqual(
      new Set(['Img0000000000000001']),
    );
    const album = await store.insertAlbum({ title: '图集', description: '', cover_image_id: null, at: NOW });
    await store.addPicture(album, 'Img0000000000000001', '一', NOW);
    await store.addPicture(album, 'Img0000000000000001', '二', NOW);
    expect((await store.pictures(album)).map((p) => [p.caption, p.sort, p.width])).toEqual([
      ['一', 1, 2],
      ['二', 2, 2],
    ]);
    expect((await store.albums())[0]).toMatchObject({ id: album, n: 2, first_image: 'Img0000000000000001' });
    const id = await write('改', 'draft', null);
    const other = await store.insertTag('PM10', NOW);
    const article = await store.article(id);
    if (article === undefined) throw new Error('missing');
    await store.updateArticle(
      id,
      {
        title: '改后',
        summary: '',
        content: '',
        cover_image_id: null,
        category_id: article.category_id,
        author: '',
        source: '',
        is_focus: 0,
        is_recommend: 0,
        is_top: 0,
        updated_at: NOW + 1,
      },
      [other],
    );
    expect(await store.tagIdsOf(id)).toEqual([other]);
    expect(await store.tagIdsOf(id)).not.toContain(tagId);
  });

  it('writes the demo news from the city days once per period, with figures from the data', async () => {
    ({ database } = await fresh());
    const store = new CmsStore(database);
    const air = new AirStore(database);
    // A week of days for 12 cities, city i at AQI 20 + 20 i: the best is the first, the worst the last.
    const cities = [
      '110000',
      '120000',
      '130100',
      '130200',
      '140100',
      '150100',
      '210100',
      '220100',
      '230100',
      '310000',
      '320100',
      '330100',
    ];
    const lastDay = Date.UTC(2026, 4, 23, 16) / 1000; // 2026-05-24 00:00 China time, a Sunday
    const rows = cities.flatMap((city_code, i) =>
      Array.from({ length: 7 }, (_, d) => ({
        city_code,
        day: lastDay - d * DAY,
        aqi: 20 + 20 * i,
        level: 20 + 20 * i <= 50 ? 1 : 20 + 20 * i <= 100 ? 2 : 20 + 20 * i <= 150 ? 3 : 4,
        primary_pollutant: null,
        pm2_5: 10 + i,
        pm10: null,
        so2: null,
        no2: null,
        co: null,
        o3_1h_max: null,
        o3_8h: null,
        valid_hours: 24,
        source: 'demo' as const,
        updated_at: lastDay,
      })),
    );
    await air.cityDays.upsert(rows);
    const now = () => lastDay + 2 * DAY;
    expect(await writeDemoNews({ cms: store, air, now })).toBe(2);
    expect(await writeDemoNews({ cms: store, air, now })).toBe(0);
    const articles = await store.adminArticles({ now: now(), limit: 10, offset: 0 });
    expect(articles.list.map((a) => a.title).sort()).toEqual([
      '【演示】2026-05-24 全国城市空气质量排行',
      '【演示】全国空气质量周报（05-18 至 05-24）',
    ]);
    const weekly = articles.list.find((a) => a.title.includes('周报'));
    expect(weekly?.content).toContain('北京市周平均 AQI 为 20，为全国最好');
    expect(weekly?.content).toContain('杭州市周平均 AQI 为 240，为全国最差');
    expect(weekly?.content).toContain('统计期内共 84 个城市日');
    expect(weekly?.cover_image_id).not.toBeNull();
    expect((await store.banners(true)).length).toBe(1);
  });
});
