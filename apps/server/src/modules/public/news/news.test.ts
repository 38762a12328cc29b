import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { tempDir } from '../../../testing/databases';
import { adminToken, createPlatformApp, dataOf, districtOperator, platformCall } from '../../../testing/platform';
import { signedInject } from '../../../testing/signed';

/**
 * The news CMS end to end through the real server: the console writes (operator:cms, audited),
 * the public calls read only what is visible, one up-vote per visitor, uploads checked by content,
 * and the /news/article/<id> page carries the article for crawlers.
 */

let app: TestApp;
let token: string;
let now = 1_780_000_000;
const webDir = tempDir();

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="空气质量数据 全国大气污染" /><title>空气质量数据-蓝天空气质量</title></head><body><div id="root"><main></main></div></body></html>',
  );
  app = await createPlatformApp({ WEB_DIST_DIR: webDir, CMS_UPVOTE_RATE_LIMIT_MAX: '1000' }, () => now);
  token = await adminToken(app);
});
afterAll(async () => {
  await app.close();
});

const admin = (url: string, body?: unknown, query?: Record<string, string>) =>
  platformCall(app, { url, token, ...(body === undefined ? {} : { body }), ...(query === undefined ? {} : { query }) });

const visitor = (id: string) => ({ 'authentication-uniqueid': id });
const pub = (name: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  signedInject(app.server, app.config, { method: 'GET', url: `/api/cms/${name}`, params, headers });
const upVote = (articleId: number, id: string) =>
  signedInject(app.server, app.config, {
    method: 'POST',
    url: '/api/cms/articleUpVote',
    params: { articleId: String(articleId) },
    headers: visitor(id),
  });

async function upload(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg', as = token) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = new Response(form);
  return app.server.inject({
    method: 'POST',
    url: '/cms/images',
    headers: { 'content-type': response.headers.get('content-type') ?? '', authorization: `Bearer ${as}` },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

const count = async (table: 'cms_images' | 'cms_articles' | 'cms_up_votes') =>
  Number(
    (
      await app.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

let categoryId: number;
let otherCategoryId: number;
let tagId: number;
let imageId: string;
let published: number;
let older: number;
let draft: number;
let scheduled: number;

async function article(title: string, extra: Record<string, unknown> = {}, category = categoryId) {
  return dataOf<{ articleId: number }>(
    await admin('/cms/articles', {
      title,
      content: `<p>${title}的正文</p>`,
      categoryId: category,
      tagIds: [tagId],
      ...extra,
    }),
  ).articleId;
}

const publish = (id: number, publishAt: string | null = null) =>
  admin(`/cms/articles/${id}/status`, { action: 'publish', publishAt });

describe('the console writes', () => {
  it('uploads an image: EXIF gone, turned upright, capped at 1920 px, re-encoded', async () => {
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: '秘密相机', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(photo);
    expect(res.statusCode).toBe(200);
    const image = res.json().data;
    // Orientation 6 is a quarter turn: the stored picture is portrait, its long side 1920.
    expect(image).toMatchObject({
      width: 1280,
      height: 1920,
      mime: 'image/jpeg',
      url: `/api/cms/image/${image.imageId}`,
    });
    imageId = image.imageId;
    const served = await app.server.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1920);
    expect(served.rawPayload.includes(Buffer.from('someone'))).toBe(false);
  });

  it('refuses a file that is not an image (whatever its name), a broken image and an oversize file, storing nothing', async () => {
    const before = await count('cms_images');
    const text = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      msg: '文件不是 JPG、PNG、WebP 或 GIF 格式的图片',
    });
    const broken = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe('图片已损坏或无法识别，请换一张');
    const big = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(big.json().msg).toContain('5 MB');
    expect(await count('cms_images')).toBe(before);
  });

  it('keeps a PNG with transparency as WebP', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'a.png', 'image/png');
    expect(res.json().data).toMatchObject({ mime: 'image/webp', width: 40, height: 30 });
  });

  it('creates categories and tags, refusing duplicates with 409', async () => {
    categoryId = dataOf<{ categoryId: number }>(
      await admin('/cms/categories', { name: '环保动态', sort: 2 }),
    ).categoryId;
    otherCategoryId = dataOf<{ categoryId: number }>(
      await admin('/cms/categories', { name: '科普知识', sort: 1 }),
    ).categoryId;
    tagId = dataOf<{ tagId: number }>(await admin('/cms/tags', { name: 'PM2.5' })).tagId;
    const again = await admin('/cms/categories', { name: '环保动态' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('栏目“环保动态”已存在');
  });

  it('sanitises the HTML on save: no script, no on* attributes, no javascript: links, no foreign images', async () => {
    const id = await article('清洗测试', {
      content:
        `<p onclick="steal()">正文<script>alert(1)</script></p><a href="javascript:alert(1)">坏链接</a>` +
        `<a href="https://www.mee.gov.cn/">生态环境部</a><img src="https://evil.example/x.png" onerror="x()">` +
        `<img src="/api/cms/image/${imageId}" alt="图"><iframe src="https://evil.example"></iframe><h1>大标题</h1>`,
    });
    const saved = dataOf<{ content: string }>(await admin(`/cms/articles/${id}`));
    expect(saved.content).not.toMatch(/script|onclick|onerror|javascript:|iframe|evil\.example/);
    expect(saved.content).toContain(
      '<a href="https://www.mee.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(saved.content).toContain(`<img src="/api/cms/image/${imageId}" alt="图" />`);
    expect(saved.content).toContain('<h2>大标题</h2>');
    await admin(`/cms/articles/${id}/delete`, {});
  });

  it('refuses junk with 400 naming the field, and writes nothing', async () => {
    const before = await count('cms_articles');
    for (const [body, field] of [
      [{ title: '', content: '', categoryId }, 'title'],
      [{ title: 'x', content: '', categoryId: 999 }, 'categoryId'],
      [{ title: 'x', content: '', categoryId, tagIds: [999] }, 'tagIds'],
      [{ title: 'x', content: '', categoryId, coverImageId: 'AAAAAAAAAAAAAAAAAAAA' }, 'coverImageId'],
      [{ title: 'x'.repeat(101), content: '', categoryId }, 'title'],
    ] as const) {
      const res = await admin('/cms/articles', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    expect((await admin('/cms/articles/abc')).statusCode).toBe(400);
    expect((await admin('/cms/articles/424242')).statusCode).toBe(404);
    const badTime = await admin('/cms/articles/1/status', { action: 'publish', publishAt: '2026-13-45 99:00:00' });
    expect(badTime.statusCode).toBe(400);
    expect(await count('cms_articles')).toBe(before);
  });

  it('writes articles, publishes, schedules, and audits every write', async () => {
    older = await article('较早的文章', { coverImageId: imageId, isFocus: true });
    expect(dataOf(await publish(older, formatChinaDateTime(now - 7200))).status).toBe('published');
    published = await article('空气质量改善', { summary: '', isRecommend: true, isTop: true });
    expect(dataOf(await publish(published, formatChinaDateTime(now - 3600))).status).toBe('published');
    draft = await article('未发布的草稿');
    scheduled = await article('明天发布');
    const res = await publish(scheduled, formatChinaDateTime(now + 86_400));
    expect(res.json().data.status).toBe('scheduled');
    expect(res.json().msg).toContain('已定时');
    await article('其他栏目', {}, otherCategoryId).then((id) => publish(id, formatChinaDateTime(now - 60)));

    const log = await app.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'actor'])
      .where('action', 'like', 'cms_%')
      .execute();
    const actions = new Set(log.map((r) => r.action));
    for (const a of [
      'cms_image.upload',
      'cms_category.save',
      'cms_tag.save',
      'cms_article.create',
      'cms_article.status',
      'cms_article.delete',
    ])
      expect(actions, a).toContain(a);
    expect(log.every((r) => r.actor === 'admin')).toBe(true);

    const list = dataOf<{ list: { articleId: number; status: string }[]; total: number }>(
      await admin('/cms/articles', undefined, { status: 'scheduled', pageSize: '10' }),
    );
    expect(list.list.map((r) => r.articleId)).toEqual([scheduled]);
    const byKeyword = dataOf<{ total: number }>(await admin('/cms/articles', undefined, { keyword: '草稿' }));
    expect(byKeyword.total).toBe(1);
  });

  it('refuses an operator without the cms permission with 403, and an anonymous caller with 401', async () => {
    const other = await districtOperator(app, token, {
      username: 'noncms',
      areaCode: '110105',
      orgName: '朝阳区',
      permissions: ['air:view'],
    });
    const res = await platformCall(app, { url: '/cms/articles', token: other.token });
    expect(res.statusCode).toBe(403);
    expect(
      (await platformCall(app, { url: '/cms/articles', token: other.token, body: { title: 'x' } })).statusCode,
    ).toBe(403);
    expect((await upload(Buffer.from('x'), 'a.jpg', 'image/jpeg', other.token)).statusCode).toBe(403);
    expect((await platformCall(app, { url: '/cms/categories' })).statusCode).toBe(401);
  });
});

describe('the public calls', () => {
  it('list only what is visible: no drafts, no scheduled articles before their time', async () => {
    const recent = dataOf<{ articleId: number; title: string }[]>(await pub('getRecentList', { num: '20' }));
    const ids = recent.map((a) => a.articleId);
    expect(ids).toContain(published);
    expect(ids).toContain(older);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(scheduled);
    // Top first, then newest first.
    expect(ids[0]).toBe(published);
    expect(dataOf<{ articleId: number }[]>(await pub('getFocusList')).map((a) => a.articleId)).toEqual([older]);
    expect(dataOf<{ articleId: number }[]>(await pub('getRecommendList')).map((a) => a.articleId)).toEqual([published]);
    expect(dataOf<{ articleId: number }[]>(await pub('getTopList')).map((a) => a.articleId)).toEqual([published]);
    expect(dataOf<unknown[]>(await pub('getRecentList', { num: '1' }))).toHaveLength(1);
    for (const id of [draft, scheduled]) {
      const res = await pub('getArticle', { articleId: String(id) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '文章不存在或尚未发布' });
    }
  });

  it('shows a scheduled article once its time has passed, with no job', async () => {
    now += 2 * 86_400;
    try {
      const ids = dataOf<{ articleId: number }[]>(await pub('getRecentList')).map((a) => a.articleId);
      expect(ids).toContain(scheduled);
      expect((await pub('getArticle', { articleId: String(scheduled) })).statusCode).toBe(200);
    } finally {
      now -= 2 * 86_400;
    }
  });

  it('reads an article: sanitised content, tags, previous/next in its category, a view counted', async () => {
    const first = dataOf<Record<string, unknown>>(await pub('getArticle', { articleId: String(published) }));
    expect(first).toMatchObject({
      articleId: published,
      title: '空气质量改善',
      summary: '空气质量改善的正文',
      categoryName: '环保动态',
      tags: [{ tagId, name: 'PM2.5' }],
      prev: { articleId: older, title: '较早的文章' },
      next: null,
      upVoted: false,
      isDemo: false,
    });
    const second = dataOf<{ viewCount: number }>(await pub('getArticle', { articleId: String(published) }));
    expect(second.viewCount).toBe((first.viewCount as number) + 1);
    const hot = dataOf<{ articleId: number }[]>(await pub('getHotList', { num: '1' }));
    expect(hot[0]?.articleId).toBe(published);
  });

  it('up-votes once per visitor: the second is refused with 409 ALREADY_VOTED and counts nothing', async () => {
    const first = await upVote(published, 'visitor-aaaa-0001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 0, data: { articleId: published, upVoteCount: 1, upVoted: true } });
    const again = await upVote(published, 'visitor-aaaa-0001');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: ErrorCode.ALREADY_VOTED, msg: '您已经点过赞了，每篇文章只能点赞一次' });
    expect((await upVote(published, 'visitor-bbbb-0002')).json().data.upVoteCount).toBe(2);
    // The visitor's vote shows on the article; the cookie counts like the header.
    const read = await pub(
      'getArticle',
      { articleId: String(published) },
      { cookie: 'Authentication-uniqueId=visitor-aaaa-0001' },
    );
    expect(read.json().data).toMatchObject({ upVoted: true, upVoteCount: 2 });
    expect((await upVote(draft, 'visitor-aaaa-0001')).statusCode).toBe(404);
    const anonymous = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/cms/articleUpVote',
      params: { articleId: String(published) },
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().msg).toContain('访客标识');
    expect(await count('cms_up_votes')).toBe(2);
  });

  it('answers categories, tags, the category and tag pages, the timeline and the banners', async () => {
    const categories = dataOf<{ categoryId: number; name: string; articleCount: number }[]>(
      await pub('getNavCategories'),
    );
    expect(categories.map((c) => c.name)).toEqual(['科普知识', '环保动态']);
    expect(categories.find((c) => c.categoryId === categoryId)?.articleCount).toBe(2);
    expect(dataOf(await pub('getTags'))).toEqual([{ tagId, name: 'PM2.5', articleCount: 3 }]);
    const page = dataOf<{ list: { articleId: number }[]; total: number; category: { name: string } }>(
      await pub('getCategoryList', { categoryId: String(categoryId), pageNum: '1', pageSize: '1' }),
    );
    expect(page).toMatchObject({ total: 2, pageNum: 1, pageSize: 1, category: { name: '环保动态' } });
    expect(page.list.map((a) => a.articleId)).toEqual([published]);
    const tagPage = dataOf<{ total: number }>(await pub('getTagList', { tagId: String(tagId) }));
    expect(tagPage.total).toBe(3);
    const timeline = dataOf<{ month: string; count: number }[]>(await pub('getArticleTimeline'));
    expect(timeline.reduce((n, m) => n + m.count, 0)).toBe(3);
    expect(timeline[0]?.month).toMatch(/^\d{4}-\d{2}$/);
    expect((await pub('getCategoryList', { categoryId: '999' })).statusCode).toBe(404);

    const banner = dataOf<{ bannerId: number }>(
      await admin('/cms/banners', { title: '空气质量周报', imageId, link: `/news/article/${published}` }),
    );
    await admin('/cms/banners', { title: '停用的', imageId, enabled: false });
    expect(dataOf(await pub('getIndexBanner'))).toEqual([
      {
        bannerId: banner.bannerId,
        title: '空气质量周报',
        image: `/api/cms/image/${imageId}`,
        link: `/news/article/${published}`,
      },
    ]);
    expect((await admin('/cms/banners', { title: 'x', imageId, link: 'javascript:alert(1)' })).statusCode).toBe(400);
  });

  it('answers albums and their pictures; an empty album is not shown', async () => {
    const album = dataOf<{ albumId: number }>(await admin('/cms/albums', { title: '蓝天图集', description: '说明' }));
    expect(dataOf(await pub('getAlbums'))).toEqual([]);
    await admin(`/cms/albums/${album.albumId}/pictures`, { imageId, caption: '晴空' });
    const albums = dataOf<{ albumId: number; pictureCount: number; cover: string }[]>(await pub('getAlbums'));
    expect(albums).toMatchObject([{ albumId: album.albumId, pictureCount: 1, cover: `/api/cms/image/${imageId}` }]);
    const pictures = dataOf<{ album: { title: string }; list: unknown[] }>(
      await pub('getAlbumPicture', { albumId: String(album.albumId) }),
    );
    expect(pictures.album.title).toBe('蓝天图集');
    expect(pictures.list).toEqual([
      { pictureId: expect.any(Number), image: `/api/cms/image/${imageId}`, caption: '晴空', width: 1280, height: 1920 },
    ]);
    expect((await pub('getAlbumPicture', { albumId: '999' })).statusCode).toBe(404);
  });

  it('refuses junk parameters with 400 and unsigned calls with 401; unknown images 404', async () => {
    for (const [name, params] of [
      ['getArticle', { articleId: 'abc' }],
      ['getArticle', {}],
      ['getHotList', { num: '0' }],
      ['getHotList', { num: '51' }],
      ['getCategoryList', { categoryId: '1', pageSize: '500' }],
      ['getAlbumPicture', { albumId: '-1' }],
    ] as const) {
      const res = await pub(name, params);
      expect(res.statusCode, `${name} ${JSON.stringify(params)}`).toBe(400);
    }
    expect((await app.server.inject({ method: 'GET', url: '/api/cms/getRecentList' })).statusCode).toBe(401);
    expect((await app.server.inject({ method: 'GET', url: '/api/cms/image/nope' })).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'GET', url: '/api/cms/image/AAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(
      404,
    );
  });
});

describe('the article page for crawlers and link previews', () => {
  it('carries the title, description, Open Graph tags and the article HTML', async () => {
    const res = await app.server.inject({
      method: 'GET',
      url: `/news/article/${older}`,
      headers: { host: 'www.example.cn' },
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>较早的文章-蓝天空气质量</title>');
    expect(html).toContain('<meta name="description" content="较早的文章的正文">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain(`<meta property="og:image" content="http://www.example.cn/api/cms/image/${imageId}">`);
    expect(html).toContain('<div id="root"><article class="lt-seo-article"><h1>较早的文章</h1>');
    expect(html).toContain('<p>较早的文章的正文</p>');
    const hidden = await app.server.inject({ method: 'GET', url: `/news/article/${draft}` });
    expect(hidden.body).not.toContain('未发布的草稿');
    const category = await app.server.inject({ method: 'GET', url: `/news/category/${categoryId}` });
    expect(category.body).toContain('<title>环保动态-新闻资讯-蓝天空气质量</title>');
    const other = await app.server.inject({ method: 'GET', url: '/city/beijing' });
    expect(other.body).toContain('<title>空气质量数据-蓝天空气质量</title>');
  });
});

describe('the up-vote budget', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createPlatformApp({ CMS_UPVOTE_RATE_LIMIT_MAX: '2', CMS_UPVOTE_RATE_LIMIT_WINDOW_SECONDS: '600' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('refuses the 3rd up-vote from one address with 429 + Retry-After, counting nothing for it', async () => {
    const call = (articleId: string, id: string) =>
      signedInject(limited.server, limited.config, {
        method: 'POST',
        url: '/api/cms/articleUpVote',
        params: { articleId },
        headers: visitor(id),
      });
    // Refused for an unknown article, but each call still spends the budget: no probing for free.
    expect((await call('1', 'visitor-rate-0001')).statusCode).toBe(404);
    expect((await call('2', 'visitor-rate-0002')).statusCode).toBe(404);
    const refused = await call('1', 'visitor-rate-0003');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(ErrorCode.RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await limited.database.db.selectFrom('cms_up_votes').selectAll().execute();
    expect(rows).toEqual([]);
    // The rest of the news still answers the same address.
    const recent = await signedInject(limited.server, limited.config, { method: 'GET', url: '/api/cms/getRecentList' });
    expect(recent.statusCode).toBe(200);
  });
});
