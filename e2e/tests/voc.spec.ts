import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { CAPTCHA_TEXT } from './account-support';
import { adminSession } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * VOC 分析 over the demo network: two 【演示】 VOC stations (朝阳, 丰台) send a week of hourly HJ 212
 * species data to the e2e server's own gateway at start. The page shows the API's numbers, the unit
 * toggle changes the series' unit, and a 朝阳 operator sees only the 朝阳 station.
 */

const INITIAL = 'VocAnalyst#2026';
const OWN = 'VocAnalyst#Own7';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

interface Station {
  deviceCode: string;
  name: string;
  areaCode: string;
}

/** The demo stations' history arrives a few seconds after the server starts. */
async function demoStations(api: APIRequestContext): Promise<Station[]> {
  let list: Station[] = [];
  await expect
    .poll(
      async () => {
        list = (await ok<{ list: Station[] }>(await api.get('/air/relation/bigdata/stations'))).list.filter((s) =>
          s.deviceCode.startsWith('DEMO'),
        );
        const first = list[0];
        if (first === undefined) return 0;
        const seq = await ok<{ times: string[] }>(
          await api.get(`/air/relation/bigdata/sequence?deviceCode=${first.deviceCode}`),
        );
        return list.length === 2 ? seq.times.length : 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(20);
  return list;
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

test('VOC 分析 shows the station’s composition, OFP and L_OH rankings and sensitivity as the API gives them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchForErrors(page);
  const api = page.request;
  const stations = await demoStations(api);
  const first = stations[0];
  expect(first?.name).toContain('【演示】');
  const code = first?.deviceCode ?? '';

  await page.goto('/platform/voc');
  const picker = page.getByRole('combobox', { name: 'VOC 站' });
  await expect(page.locator('.ant-select').filter({ has: picker })).toContainText(first?.name ?? '');
  await expect(page.getByText('物种浓度序列（μg/m³）')).toBeVisible();
  for (const chart of [
    '物种浓度序列图',
    'VOC 组成饼图',
    'OFP 前 10 物种',
    'L_OH 前 10 物种',
    '日变化图',
    'VOCs/NOx 比值图',
  ]) {
    await expect(page.getByRole('img', { name: chart })).toBeVisible();
  }

  // The numbers are the API's for the same window (the page's last 24 hours end when it opened).
  const composition = await ok<{ total: { value: number; ofp: number } }>(
    await api.get(`/air/relation/bigdata/composition?deviceCode=${code}`),
  );
  await expect(page.getByText(/^TVOC [\d.]+ ppb/)).toBeVisible();
  const shown = Number((await page.getByText(/^TVOC [\d.]+ ppb/).textContent())?.match(/TVOC ([\d.]+)/)?.[1]);
  // Within one hour's difference of window: the page's call and this one may straddle an hour.
  expect(Math.abs(shown - composition.total.value) / composition.total.value).toBeLessThan(0.2);

  const sensitivity = await ok<{ regimeName: string | null; morningRatio: number | null }>(
    await api.get(`/air/relation/bigdata/sensitivity?deviceCode=${code}`),
  );
  const panel = page.getByLabel('O3–NOx 敏感性');
  await expect(panel).toContainText(sensitivity.regimeName ?? '数据不足');
  await expect(panel).toContainText('甲苯/苯');
  await screenshot(page, 'voc-section');

  await page.getByRole('radiogroup', { name: '单位' }).getByText('ppb').click();
  await expect(page.getByText('物种浓度序列（ppb）')).toBeVisible();

  await page.getByRole('radiogroup', { name: '时间范围' }).getByText('近 7 天').click();
  await expect(page.getByText(/日变化（[6-8] 天平均）/)).toBeVisible();

  const before = await page.getByText(/^TVOC [\d.]+ ppb/).textContent();
  await picker.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
  await expect(page.locator('.ant-select').filter({ has: picker })).toContainText(stations[1]?.name ?? '');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  // The other station's week: another composition.
  await expect(page.getByText(/^TVOC [\d.]+ ppb/)).not.toHaveText(before ?? '');
  await expect(page.getByRole('img', { name: '物种浓度序列图' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'voc-section-7d');
  expect(errors).toEqual([]);
});

async function operatorPage(browser: Browser, baseURL: string, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  const request = context.request;
  for (const password of [OWN, INITIAL]) {
    const { data: captcha } = (await (await request.get('/zhhb/getCaptchaImage')).json()) as { data: { uuid: string } };
    const res = await request.post('/zhhb', {
      data: { username, password, validateCode: CAPTCHA_TEXT, uuid: captcha.uuid },
    });
    const body = (await res.json()) as { code: number; data: { operator: { mustChangePassword: boolean } } };
    if (body.code !== 0) continue;
    if (body.data.operator.mustChangePassword) {
      await ok(
        await request.post('/zhhb/center/modifyPwd', {
          headers: { origin: baseURL },
          data: { oldPassword: password, newPassword: OWN, confirmPassword: OWN },
        }),
      );
    }
    return context.newPage();
  }
  throw new Error(`${username} could not sign in`);
}

test('a 朝阳 operator with voc:view sees only the 朝阳 VOC station', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const api = page.request;
  const stations = await demoStations(api);
  const own = stations.filter((s) => s.areaCode === '110105');
  const other = stations.find((s) => s.areaCode !== '110105');
  expect(own).toHaveLength(1);

  const post = (url: string, data: unknown) => api.post(url, { headers: { origin: base }, data });
  const orgs = await ok<{ id: string }[]>(await api.get('/adm/org/votreeData'));
  const suffix = Date.now().toString(36);
  const org = await ok<{ id: string }>(
    await post('/sys/org/save', { parentId: orgs[0]?.id, name: `e2e 朝阳 VOC ${suffix}`, areaCode: '110105' }),
  );
  const role = await ok<{ id: string }>(
    await post('/sys/role/save', { name: `e2e VOC 分析 ${suffix}`, description: '', permissions: ['voc:view'] }),
  );
  const username = `e2e_voc_${suffix}`;
  await ok(
    await post('/sys/user/save', {
      username,
      name: 'VOC 分析员',
      password: INITIAL,
      orgId: org.id,
      roleIds: [role.id],
    }),
  );

  const district = await operatorPage(browser, base, username);
  const errors = watchForErrors(district);
  const outside = await district.request.get(`/air/relation/bigdata/sequence?deviceCode=${other?.deviceCode}`);
  expect(outside.status()).toBe(404);

  await district.goto('/platform/voc');
  const picker = district.getByRole('combobox', { name: 'VOC 站' });
  await expect(district.locator('.ant-select').filter({ has: picker })).toContainText(own[0]?.name ?? '');
  await picker.click();
  await expect(district.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await screenshot(district, 'voc-district');
  expect(errors).toEqual([]);
});
