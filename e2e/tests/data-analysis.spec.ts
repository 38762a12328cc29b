import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 数据分析 (/analysis/data) against the real server and its demo data: pick two cities, change the
 * pollutants and the granularity, see the chart and the table; export CSV and Excel through the
 * browser's download and read both back equal to the API's answer; the 站点聚类 tab draws the map and
 * the profiles; a share link opens the same state; screenshots at 360 and 1440 px.
 */

interface HistoryAnswer {
  data: {
    columns: { key: string; title: string }[];
    table: { total: number; list: { time: string; code: string; name: string; values: (number | null)[] }[] };
  };
}

/** The page's own history query answer (the API's values the files must equal). */
const historyAnswer = (page: Page, granularity: string) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/getHistoryData') &&
      r.ok() &&
      (r.request().postData() ?? '').includes(`granularity=${granularity}`),
  );

async function pickCity(page: Page, name: string) {
  const select = page.getByRole('combobox', { name: '选择城市' });
  await select.click();
  await select.fill(name);
  await page
    .locator('.ant-select-item-option', { hasText: new RegExp(`^${name}`) })
    .first()
    .click();
}

function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n/)
    .filter((l) => l !== '')
    .map((l) => l.split(','));
}

const num = (v: string | undefined) => (v === undefined || v === '' ? null : Number(v));

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('data analysis: query, chart, table, CSV and Excel read back equal to the API, clusters, share link', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = watchForErrors(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/analysis/data?codes=');
  await expect(page.getByRole('heading', { name: '数据分析' })).toBeVisible();
  await expect(page.getByText('请选择至少一个城市')).toBeVisible();

  await pickCity(page, '北京');
  await pickCity(page, '上海');
  await page.keyboard.press('Escape');
  await expect(page.locator('.lt-da-chart canvas').first()).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();

  // Pollutants: add NO2, drop PM2.5; granularity: hourly. Each change re-asks.
  // The state goes through the address (a router transition): wait for each change to show.
  await expect(page.getByRole('checkbox', { name: 'NO₂' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'NO₂' }).click();
  await expect(page.getByRole('checkbox', { name: 'NO₂' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'PM2.5' }).click();
  await expect(page.getByRole('checkbox', { name: 'PM2.5' })).not.toBeChecked();
  const hourly = historyAnswer(page, 'hour');
  await page.getByText('逐小时', { exact: true }).click();
  const answer = (await (await hourly).json()) as HistoryAnswer;
  expect(answer.data.columns.map((c) => c.key)).toEqual(expect.arrayContaining(['no2']));
  expect(answer.data.columns.map((c) => c.key)).not.toContain('pm2_5');
  await expect(page.locator('.ant-table-row').first()).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:00/);
  expect(answer.data.table.total).toBeGreaterThan(24);
  await expect(page).toHaveURL(/g=hour/);
  await expect(page).toHaveURL(/codes=110000,310000/);
  await screenshot(page, 'data-analysis-1440');

  // CSV through the browser's download: every row equals the API's (first page) and the count its total.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^蓝天空气质量_北京市等2个城市_.*_逐小时\.csv$/);
  const [header, ...rows] = parseCsv(await readFile((await csv.path()) ?? '', 'utf8'));
  expect(header?.slice(0, 5)).toEqual(['时间', '类型', '编码', '名称', '所属城市']);
  expect(header?.slice(5)).toEqual(answer.data.columns.map((c) => c.title));
  expect(rows).toHaveLength(answer.data.table.total);
  const csvFirst = rows.slice(0, answer.data.table.list.length).map((r) => ({
    time: r[0],
    code: r[2],
    name: r[3],
    values: r.slice(5).map(num),
  }));
  expect(csvFirst).toEqual(answer.data.table.list);

  // Excel the same way, read with exceljs.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await xlsx.path()) ?? '');
  const sheet = book.getWorksheet('数据');
  if (sheet === undefined) throw new Error('no sheet 数据');
  expect(sheet.rowCount).toBe(answer.data.table.total + 1);
  const xlsxFirst = answer.data.table.list.map((_, i) => {
    const cells = (sheet.getRow(i + 2).values as unknown[]).slice(1);
    return {
      time: String(cells[0]),
      code: String(cells[2]),
      name: String(cells[3]),
      values: answer.data.columns.map((_, c) => (cells[5 + c] === undefined ? null : Number(cells[5 + c]))),
    };
  });
  expect(xlsxFirst).toEqual(answer.data.table.list);

  // Share: a short link that opens the same state.
  await page.getByRole('button', { name: /^分\s*享$/ }).click();
  const link = page.getByTestId('share-link').locator('a');
  await expect(link).toHaveAttribute('href', /\/s\/[0-9A-Za-z]+$/);
  const href = (await link.getAttribute('href')) ?? '';
  const shared = await context.newPage();
  await shared.setViewportSize(VIEWPORTS.desktop);
  await shared.goto(href);
  await expect(shared).toHaveURL(/\/analysis\/data\?.*codes=110000,310000.*g=hour/);
  await expect(shared.locator('.lt-da-targets')).toContainText('北京市');
  await expect(shared.locator('.lt-da-targets')).toContainText('上海市');
  await expect(shared.getByRole('checkbox', { name: 'NO₂' })).toBeChecked();
  await expect(shared.getByRole('checkbox', { name: 'PM2.5' })).not.toBeChecked();
  await shared.close();

  // Clusters: the map of stations by cluster, the profiles and the method.
  await page.getByRole('tab', { name: '站点聚类' }).click();
  await expect(page).toHaveURL(/tab=cluster/);
  await expect(page.locator('.lt-da-map canvas')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('方法说明')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/k-means/)).toBeVisible();
  await expect(page.locator('.lt-da-members li').first()).toContainText('个站点');
  await page.getByRole('region', { name: '聚类条件' }).getByText('3', { exact: true }).click();
  await expect(page.locator('.lt-da-members li')).toHaveCount(3, { timeout: 60_000 });
  await screenshot(page, 'data-analysis-cluster-1440');
  expect(errors).toEqual([]);
});

test('data analysis on a phone (360 px): no sideways scroll, both tabs', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto('/analysis/data?kind=city&codes=110000,310000,440100&p=aqi,pm2_5,o3_8h&g=day&range=30d');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.lt-da-chart canvas').first()).toBeVisible();
  expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'data-analysis-360');
  await page.getByRole('tab', { name: '站点聚类' }).click();
  await expect(page.locator('.lt-da-map canvas')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.lt-da-members li').first()).toBeVisible({ timeout: 60_000 });
  expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0);
  await screenshot(page, 'data-analysis-cluster-360');
});
