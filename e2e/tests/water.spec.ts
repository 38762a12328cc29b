import { buildDataPacket, encodeFrame } from '@lantian/domain';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { sendFrame } from './hj212-support';
import { adminSession, uniqueMn } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 水质监测 over the e2e server: a surface-water station of our own in 通州 sends three hours of HJ 212
 * hour data (2061) over TCP, NH3-N rising into 劣Ⅴ; the map, the list and the station's page show the
 * GB 3838-2002 classes the API gives.
 */

const PW = 'water2026';

function hourFrame(mn: string, hourStart: number, values: Record<string, number>): string {
  return encodeFrame(
    buildDataPacket({
      st: '21',
      cn: '2061',
      pw: PW,
      mn,
      dataTime: hourStart,
      values: Object.entries(values).map(([factor, avg]) => ({ factor, avg, flag: 'N' as const })),
    }),
  );
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('a station sending hour data is classed 劣Ⅴ by NH3-N on the map, the list and its page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = watchForErrors(page);
  const api = page.request;
  const mn = uniqueMn('E2EWATER');
  const name = `E2E凉水河${mn.slice(-4)}`;
  const post = async <T>(url: string, data: object) => {
    const res = await api.post(url, { data, headers: { origin: baseURL ?? '' } });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const site = await post<{ siteId: string }>('/device/site/save', {
    siteCode: `E2E-W-${mn.slice(-6)}`,
    name,
    areaCode: '110112',
    lon: 116.68,
    lat: 39.85,
  });
  const factors = ['w01001', 'w01009', 'w01019', 'w21003', 'w21011', 'w21001'];
  const device = await post<{ deviceId: string }>('/device/save', {
    mn,
    name: `${name}水质自动站`,
    type: 'H01',
    siteId: site.siteId,
    password: PW,
    factors: factors.map((code) => ({ code })),
  });

  const hour = Math.floor(Date.now() / 3_600_000) * 3600;
  for (const [i, nh3n] of [0.8, 1.6, 2.7].entries()) {
    const frame = hourFrame(mn, hour - (3 - i) * 3600, {
      w01001: 7.4,
      w01009: 6.2,
      w01019: 3.1,
      w21003: nh3n,
      w21011: 0.12,
      w21001: 4.2,
    });
    expect(await sendFrame(frame)).toContain('CN=9014');
  }
  const stations = await ok<{ list: Array<{ mn: string; className: string; deciding: Array<{ name: string }> }> }>(
    await api.get('/zhhb/center/getWaterStations'),
  );
  const ours = stations.list.find((s) => s.mn === mn);
  expect(ours).toMatchObject({ className: '劣Ⅴ类', deciding: [{ name: '氨氮' }] });

  await page.goto('/platform/water');
  await expect(page.getByRole('img', { name: new RegExp(`水质地图：.*${name}水质自动站 劣Ⅴ类`) })).toBeVisible();
  const worst = stations.list.filter((s) => s.className === '劣Ⅴ类').length;
  await expect(page.getByLabel('图例：GB 3838-2002 水质类别')).toContainText(`劣Ⅴ类 重度污染 ${worst}`);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.waitForTimeout(500);
  await screenshot(page, 'water-map');

  await page.getByRole('tab', { name: '站点列表' }).click();
  const row = page.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText('劣Ⅴ类');
  await expect(row).toContainText('重度污染');
  await expect(row).toContainText('氨氮');
  await expect(row).toContainText('2.7');
  await screenshot(page, 'water-list');

  await row.getByRole('link', { name: `${name}水质自动站` }).click();
  await expect(page).toHaveURL(new RegExp(`/platform/water/stations/${device.deviceId}`));
  await expect(page.getByLabel('氨氮 2.7 mg/L 劣Ⅴ类')).toBeVisible();
  await expect(page.getByLabel('总氮 4.2 mg/L 不参评')).toBeVisible();
  await expect(page.getByText('河流（总氮不参评）')).toBeVisible();
  await expect(page.getByRole('img', { name: '氨氮 逐小时数据' })).toBeVisible();
  await screenshot(page, 'water-station');
  expect(errors).toEqual([]);
});
