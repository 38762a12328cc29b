import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminSession } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 分表计电 over the demo data: the 【演示】 家具厂's meters send yesterday's and today's 15-minute
 * packets through the HJ 212 gateway at start; its VOC treatment stands by from 14:00 to 15:30 while
 * the spray line runs, every day. Yesterday is complete whatever the hour the suite runs, so the
 * walk reads yesterday.
 */

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

const yesterdayOf = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00+08:00`) - 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('overview, an enterprise’s production-vs-treatment day, its alarm turned into a problem form, and the orders', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchForErrors(page);
  const api = page.request;

  const enterprises = await ok<{ list: { enterpriseId: string; name: string }[] }>(
    await api.get('/ele/eleEnterpriseInfo/list?name=华林家具'),
  );
  const furniture = enterprises.list[0];
  expect(furniture?.name).toBe('【演示】北京华林家具有限公司');
  const id = furniture?.enterpriseId ?? '';
  const today = (await ok<{ date: string }>(await api.get(`/ele/eleDataHistories/compare?enterpriseId=${id}`))).date;
  const yesterday = yesterdayOf(today);
  // The demo meters catch up at start (a few seconds of packets): wait until yesterday is in.
  await expect
    .poll(
      async () =>
        (
          await ok<{ episodes: { start: string }[] }>(
            await api.get(`/ele/eleDataHistories/compare?enterpriseId=${id}&date=${yesterday}`),
          )
        ).episodes.map((e) => e.start.slice(11, 16)),
      { timeout: 60_000 },
    )
    .toEqual(['14:00']);

  await page.goto('/platform/ele');
  await expect(page.getByText('监管企业')).toBeVisible();
  const overview = await ok<{ enterprises: number }>(await api.get('/ele/home/overview'));
  expect(overview.enterprises).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.ant-statistic').first()).toContainText(String(overview.enterprises));
  await page.waitForTimeout(500);
  await screenshot(page, 'ele-overview');

  await page.getByRole('tab', { name: '企业监控' }).click();
  await expect(page).toHaveURL(/\/platform\/ele\/enterprises$/);
  await page.getByRole('link', { name: '【演示】北京华林家具有限公司' }).click();
  await expect(page.getByRole('heading', { name: '【演示】北京华林家具有限公司' })).toBeVisible();
  await page.goto(`/platform/ele/enterprises/${id}?date=${yesterday}`);
  await expect(page.getByText('14:00–15:30　VOCs 治理设施：生产运行、治污停运（90 分钟）')).toBeVisible();
  const points = page.locator('.ant-table-row');
  await expect(points).toHaveCount(2);
  await expect(points.first()).toContainText('喷涂线');
  await expect(points.first()).toContainText('DEMOELE110112001');
  await page.waitForTimeout(500);
  await screenshot(page, 'ele-enterprise-day');
  await page.getByRole('button', { name: 'DEMOELE110112002' }).click();
  const meter = page.locator('.ant-drawer');
  await expect(meter).toContainText(`电表 DEMOELE110112002　${yesterday}`);
  await expect(meter.getByText('共 96 条')).toBeVisible();
  await expect(meter.locator('.ant-table-row').first()).toContainText(`${yesterday} 23:45:00`);
  await page.waitForTimeout(300);
  await screenshot(page, 'ele-meter');
  await page.keyboard.press('Escape');
  await expect(meter).toBeHidden();

  await page.getByRole('tab', { name: '告警' }).click();
  const alarmRow = page
    .locator('.ant-table-row', { hasText: '生产运行治污停运' })
    .filter({ hasText: `${yesterday} 14:15:00` });
  await expect(alarmRow).toHaveCount(1);
  await screenshot(page, 'ele-alarms');
  await alarmRow.getByRole('button', { name: '生成问题单' }).click();
  await expect(page).toHaveURL(/\/platform\/ele\/problems\?problemId=\d+/);
  const drawer = page.locator('.ant-drawer');
  await expect(drawer).toContainText('VOCs 治理设施：生产运行治污停运');
  await expect(drawer).toContainText('待指派');
  await drawer.getByLabel('整改责任人').fill('王经理');
  await drawer.getByRole('button', { name: '指派' }).click();
  await expect(drawer).toContainText('整改中');
  await expect(drawer).toContainText('责任人：王经理');
  await screenshot(page, 'ele-problem');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('tab', { name: '停限产' }).click();
  const order = page.locator('.ant-table-row', { hasText: '【演示】重污染天气橙色预警应急减排' });
  await expect(order).toContainText('限产 30%');
  await expect(order).toContainText('隧道窑');
  await expect(order).toContainText('执行中');
  await screenshot(page, 'ele-orders');
  expect(errors).toEqual([]);
});
