import { type APIRequestContext, expect, test } from '@playwright/test';
import { lastMinute, minuteFrame, sendFrame } from './hj212-support';
import { adminSession, uniqueMn } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 消防告警 over the e2e server (its 【演示】 fire sites run too): a detector of our own at a new 朝阳 site,
 * with a camera 170 m away, sends HJ 212 over TCP — a temperature jump, then flame and smoke — and the
 * fire rules raise the alarms. The overview shows the API's figures, the list finds the fire with its
 * camera, the detail handles it as 误报, and the sites list shows the site.
 */

const PW = 'fire2026';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

async function register(request: APIRequestContext, baseURL: string, mn: string, camera: string, siteName: string) {
  const post = async <T>(url: string, data: object) => {
    const res = await request.post(url, { data, headers: { origin: baseURL } });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const site = await post<{ siteId: string }>('/device/site/save', {
    siteCode: `E2E-F-${mn.slice(-6)}`,
    name: siteName,
    areaCode: '110105',
    lon: 116.47,
    lat: 39.94,
  });
  await post('/device/save', {
    mn,
    name: `${siteName}烟温复合探测器`,
    type: 'F01',
    siteId: site.siteId,
    password: PW,
    factors: ['smokeDensity', 'fireTemp', 'flame', 'fault'].map((code) => ({ code })),
  });
  const cameraSite = await post<{ siteId: string }>('/device/site/save', {
    siteCode: `E2E-C-${mn.slice(-6)}`,
    name: `${siteName}东门`,
    areaCode: '110105',
    lon: 116.472,
    lat: 39.94,
  });
  await post('/device/save', {
    mn: camera,
    name: `${siteName}东门热成像`,
    type: 'C01',
    siteId: cameraSite.siteId,
    password: PW,
    factors: [{ code: 'flame' }],
  });
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('a fire detected over HJ 212 is counted, listed with its camera, handled as 误报 and its site shown', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = watchForErrors(page);
  const api = page.request;
  const mn = uniqueMn('E2EFIRE');
  const camera = uniqueMn('E2ECAM');
  const siteName = `E2E商场${mn.slice(-4)}`;
  await register(api, baseURL ?? '', mn, camera, siteName);

  const t = lastMinute();
  const send = async (dataTime: number, readings: Array<{ factor: string; value: number }>) =>
    expect(await sendFrame(minuteFrame(mn, PW, dataTime, readings))).toContain('CN=9014');
  await send(t - 120, [
    { factor: 'fireTemp', value: 22 },
    { factor: 'smokeDensity', value: 0.1 },
    { factor: 'flame', value: 0 },
    { factor: 'fault', value: 0 },
  ]);
  await send(t - 60, [{ factor: 'fireTemp', value: 45 }]);
  await send(t, [
    { factor: 'fireTemp', value: 66 },
    { factor: 'flame', value: 1 },
    { factor: 'smokeDensity', value: 7.5 },
  ]);
  // The alarm engine runs behind the answers: wait for the fire to be listed.
  await expect
    .poll(
      async () =>
        (
          await ok<{ total: number }>(
            await api.get(`/fire/alarm/list?type=fire&keyword=${encodeURIComponent(siteName)}`),
          )
        ).total,
    )
    .toBe(1);

  const survey = await ok<{ total: number; fire: number; unhandled: number }>(await api.get('/fire/alarm/survey'));
  await page.goto('/platform/fire');
  await expect(page.getByRole('radio', { name: '本月' })).toBeChecked();
  const stats = page.locator('.lt-fire-stats');
  await expect(stats.locator('.ant-statistic').filter({ hasText: '告警总数' })).toContainText(String(survey.total));
  await expect(stats.locator('.ant-statistic').filter({ hasText: '火警' })).toContainText(String(survey.fire));
  await expect(page.getByRole('img', { name: /消防告警趋势/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /告警类型：火警 \d+/ })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`告警排名：.*${siteName} 4`) })).toBeVisible();
  await screenshot(page, 'fire-overview');

  await page.getByRole('tab', { name: '告警列表' }).click();
  await expect(page).toHaveURL(/\/platform\/fire\/alarms/);
  await page.getByRole('searchbox', { name: '关键字' }).fill(siteName);
  await page.getByRole('searchbox', { name: '关键字' }).press('Enter');
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(4);
  const fireRow = rows.filter({ hasText: '火警' });
  await expect(fireRow).toContainText('待处理');
  await expect(fireRow.getByRole('link', { name: /查看视频：.*东门热成像，距离 1\d\d 米/ })).toBeVisible();
  await screenshot(page, 'fire-alarms');

  await fireRow.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`火警：${siteName}`) });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('23 °C/分钟')).toBeVisible();
  await expect(drawer.getByRole('img', { name: /探测温度/ })).toBeVisible();
  const cameraLink = drawer.getByRole('link', { name: /查看视频/ });
  await expect(cameraLink).toHaveAttribute('href', `/platform/video?device=${camera}`);
  await screenshot(page, 'fire-alarm-detail');

  await drawer.getByRole('button', { name: '处理完毕' }).click();
  const modal = page.getByRole('dialog', { name: '处理完毕并解除告警' });
  await modal.getByRole('combobox', { name: '处理结论' }).click();
  await page.getByTitle('误报').click();
  await modal.getByRole('textbox').fill('商场厨房油烟，已通知物业');
  await modal.getByRole('button', { name: '解除' }).click();
  await expect(drawer.locator('.ant-descriptions')).toContainText('已解除');
  await expect(drawer.locator('.ant-descriptions')).toContainText('误报：商场厨房油烟，已通知物业');
  await expect(drawer).toContainText('解除（admin）');
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
  await expect(fireRow).toContainText('已解除');
  await expect(fireRow).toContainText('误报');

  await page.getByRole('tab', { name: '消防站点' }).click();
  await page.getByRole('searchbox', { name: '关键字' }).fill(siteName);
  await page.getByRole('searchbox', { name: '关键字' }).press('Enter');
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);
  const site = page.locator('tbody tr.ant-table-row').filter({ hasText: siteName });
  // The smoke and temperature alarms are still open.
  await expect(site).toContainText('报警');
  await expect(site).toContainText('66 °C');
  await screenshot(page, 'fire-sites');

  await page.getByRole('tab', { name: '站点地图' }).click();
  await expect(page.getByRole('img', { name: /消防站点地图：共 \d+ 个站点/ })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(500);
  await screenshot(page, 'fire-map');
  expect(errors).toEqual([]);
});
