import { expect, type Page, test } from '@playwright/test';
import { adminSession } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * Issue 18's news: an operator writes an article with the console's editor (an image uploaded into
 * the text), publishes it, and a reader on a phone reads it on the site and up-votes it once — the
 * second time is refused. Bad uploads (not an image, over 5 MB) are refused with Chinese messages.
 */

/** A real photo-like JPEG drawn by the browser's canvas (no image file checked into the repository). */
async function drawnJpeg(page: Page, width: number, height: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      if (ctx === null) return '';
      const sky = ctx.createLinearGradient(0, 0, 0, h);
      sky.addColorStop(0, '#3b82f6');
      sky.addColorStop(1, '#dbeafe');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#16a34a';
      ctx.beginPath();
      ctx.moveTo(0, h);
      ctx.lineTo(w * 0.3, h * 0.55);
      ctx.lineTo(w * 0.55, h * 0.8);
      ctx.lineTo(w * 0.8, h * 0.5);
      ctx.lineTo(w, h);
      ctx.fill();
      return canvas.toDataURL('image/jpeg', 0.9);
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test('an article written and published in the console is read and up-voted once on the site', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, origin);
  const errors = watchForErrors(page);
  const run = Date.now() % 1_000_000;
  const title = `蓝天行动：本周空气质量明显改善 ${run}`;

  // A category of this run, and bad uploads refused with clear messages (nothing stored).
  const category = await page.request.post('/cms/categories', {
    headers: { origin },
    data: { name: `大气动态${run}`.slice(0, 20), description: '大气污染防治动态', sort: 0 },
  });
  expect(category.status()).toBe(200);
  const categoryName = ((await category.json()) as { data: { name: string } }).data.name;
  const notImage = await page.request.post('/cms/images', {
    headers: { origin },
    multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('这不是图片') } },
  });
  expect(notImage.status()).toBe(415);
  expect(((await notImage.json()) as { msg: string }).msg).toBe('文件不是 JPG、PNG、WebP 或 GIF 格式的图片');
  const oversize = await page.request.post('/cms/images', {
    headers: { origin },
    multipart: {
      file: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 100, 0xff) },
    },
  });
  expect(oversize.status()).toBe(413);
  expect(((await oversize.json()) as { msg: string }).msg).toContain('5 MB');

  // The console: write the article with the editor, an image uploaded into the text, and publish it.
  await page.goto('/platform/news/articles/new');
  await page.getByLabel('标题', { exact: true }).fill(title);
  await page.getByLabel('栏目', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(categoryName, { exact: true }).click();
  await page.getByLabel('来源', { exact: true }).fill('蓝天空气质量平台');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.getByRole('button', { name: '标题 1' }).click();
  await page.keyboard.type('全国优良天数比例上升');
  await page.keyboard.press('Enter');
  await page.keyboard.type('本周全国大部分城市空气质量为优良，');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('PM2.5 平均浓度同比下降');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('。');
  await page.keyboard.press('Enter');
  const photo = await drawnJpeg(page, 2400, 1600);
  await page
    .getByTestId('editor-image-input')
    .setInputFiles({ name: '蓝天.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(editor.locator('img')).toHaveCount(1);
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/api\/cms\/image\/[A-Za-z0-9]{20}$/);
  await page.getByRole('checkbox', { name: '焦点' }).check();
  await page.getByRole('button', { name: '发布', exact: true }).click();
  await expect(page.getByText('已发布', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/platform\/news\/articles\/\d+$/);
  const articleId = Number(page.url().split('/').pop());
  // Still the editor of the saved article, now marked published.
  await expect(page.getByLabel('标题', { exact: true })).toHaveValue(title);
  await expect(page.locator('.ant-card-head .ant-tag')).toHaveText('已发布');
  await screenshot(page, 'news-console-editor-1440');

  // The list shows it published.
  await page.goto('/platform/news/');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await screenshot(page, 'news-console-list-1440');

  // The page the server sends carries the article for crawlers and link previews.
  const html = await (await page.request.get(`/news/article/${articleId}`)).text();
  expect(html).toContain(`<title>${title}-蓝天空气质量</title>`);
  expect(html).toContain('<meta property="og:type" content="article">');
  expect(html).toContain('PM2.5 平均浓度同比下降');

  // A reader on a phone (a browser of their own: their own visitor id).
  const reader = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const phone = await reader.newPage();
  const readerErrors = watchForErrors(phone);
  await phone.goto('/news/');
  await expect(phone.getByRole('heading', { name: '最新' })).toBeVisible();
  await expect(phone.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await phone.waitForLoadState('networkidle');
  await screenshot(phone, 'news-home-360');
  await phone
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(phone).toHaveURL(new RegExp(`/news/article/${articleId}$`));
  await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(phone.locator('.lt-news-content strong')).toHaveText('PM2.5 平均浓度同比下降');
  const image = phone.locator('.lt-news-content img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1920);
  await expect(phone).toHaveTitle(`${title}-蓝天空气质量`);

  const vote = phone.getByRole('button', { name: /点赞|已赞/ });
  await expect(vote).toContainText('点赞');
  await expect(phone.getByTestId('upvote-count')).toHaveText('0');
  await vote.click();
  await expect(phone.getByTestId('upvote-count')).toHaveText('1');
  await expect(vote).toContainText('已赞');
  await expect(phone.getByRole('status')).toHaveText('感谢点赞');
  await screenshot(phone, 'news-article-360');
  // Again: the server refuses a second vote from the same visitor, and the page says so.
  const refused = phone.waitForResponse((r) => r.url().endsWith('/api/cms/articleUpVote'));
  await vote.click();
  expect((await refused).status()).toBe(409);
  await expect(phone.getByRole('status')).toHaveText('您已经点过赞了，每篇文章只能点赞一次');
  await expect(phone.getByTestId('upvote-count')).toHaveText('1');
  await phone.reload();
  await expect(phone.getByRole('button', { name: /已赞/ })).toBeVisible();
  await expect(phone.getByTestId('upvote-count')).toHaveText('1');

  // The category page and the archive list it too.
  await phone.getByRole('link', { name: categoryName }).first().click();
  await expect(phone.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await expect(phone.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await phone.goto('/news/timeline');
  await expect(phone.getByRole('link', { name: title })).toBeVisible();
  await screenshot(phone, 'news-timeline-360');
  // The albums (the demo data's album, when it has been written) open and show their pictures.
  await phone.goto('/news/albums');
  await expect(phone.getByRole('heading', { level: 1, name: '图集' })).toBeVisible();
  await expect(phone.locator('.lt-news-album, .lt-news-empty').first()).toBeVisible();
  const album = phone.locator('.lt-news-album').first();
  if ((await album.count()) > 0) {
    await album.click();
    await expect(phone.locator('.lt-news-picture').first()).toBeVisible();
    await phone.locator('.lt-news-picture').first().click();
    await expect(phone.getByRole('dialog')).toBeVisible();
    await screenshot(phone, 'news-album-360');
    await phone.keyboard.press('Escape');
    await expect(phone.getByRole('dialog')).toHaveCount(0);
  }
  // The refused second vote is logged by the browser as a failed 409 request: that one is expected.
  expect(readerErrors.filter((e) => !e.includes('409'))).toEqual([]);
  await reader.close();

  // The site at 1440 px.
  await page.goto('/news/');
  await expect(page.getByRole('heading', { name: '热门' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'news-home-1440');
  await page.goto(`/news/article/${articleId}`);
  // The heading is in the served HTML already; the page has taken over once the vote button is there.
  await expect(page.getByRole('button', { name: /已赞|点赞/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await screenshot(page, 'news-article-1440');
  expect(errors).toEqual([]);
});
