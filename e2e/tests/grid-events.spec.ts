import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { CAPTCHA_TEXT } from './account-support';
import { adminSession } from './platform-support';

/**
 * Issue 15's "done means": a grid member on a phone reports an event with a photo; the street
 * operator dispatches it; the member handles it; the reviewer approves and closes it; the history
 * shows every step; the hot map and the statistics count it; another street's operator never sees it.
 *
 * The set-up (grids of 海淀区, an organisation, roles, four operators, grid roles) goes through the
 * same API the console uses, as an administrator would; everything the issue names happens in the
 * browser.
 */

const COUNTY = '110108';
const INITIAL = 'Grid#Start2026';
const OWN = 'Grid#Mine2026';

/** Street A (with community A1 inside it) and street B, side by side in 海淀区. */
const square = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
const STREET_A = square(116.28, 39.96, 116.32, 40.0);
const COMMUNITY_A1 = square(116.29, 39.97, 116.31, 39.99);
const STREET_B = square(116.33, 39.96, 116.37, 40.0);
/** Where the member stands: inside A1. */
const SPOT = { longitude: 116.3, latitude: 39.98 };

const TITLE = `工地未苫盖 ${Date.now() % 100_000}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** A signed-in operator in a browser context of their own (a phone-sized one for the grid member). */
async function operatorPage(
  browser: Browser,
  baseURL: string,
  username: string,
  options: { phone?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    ...(options.phone === true
      ? {
          viewport: { width: 360, height: 740 },
          isMobile: true,
          hasTouch: true,
          geolocation: SPOT,
          permissions: ['geolocation'],
        }
      : {}),
  });
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

interface World {
  streetA: string;
  streetB: string;
  community: string;
}

/** Grids, the district's organisation, roles and operators, and who holds which grid role. */
async function setUp(request: APIRequestContext, baseURL: string): Promise<World> {
  await adminSession(request, baseURL);
  const post = (url: string, data: unknown) => request.post(url, { headers: { origin: baseURL }, data });
  const grid = async (name: string, parentCode: string, boundary: unknown) =>
    (await ok<{ gridCode: string }>(await post('/adm/grid/save', { name, parentCode, boundary }))).gridCode;
  const streetA = await grid('e2e 海淀甲街道', COUNTY, STREET_A);
  const community = await grid('e2e 甲一社区', streetA, COMMUNITY_A1);
  const streetB = await grid('e2e 海淀乙街道', COUNTY, STREET_B);

  const tree = await ok<Array<{ id: string }>>(await request.get('/adm/org/votreeData'));
  const root = tree[0]?.id ?? '';
  const org = await ok<{ id: string }>(
    await post('/sys/org/save', { parentId: root, name: 'e2e 海淀区生态环境局', areaCode: COUNTY }),
  );
  const role = async (name: string, permissions: string[]) =>
    (await ok<{ id: string }>(await post('/sys/role/save', { name, description: '', permissions }))).id;
  const memberRole = await role('e2e 网格员', ['grid:view', 'grid:report', 'grid:edit']);
  const streetRole = await role('e2e 街道网格长', ['grid:view', 'grid:dispatch', 'grid:stats']);
  const reviewRole = await role('e2e 审核员', ['grid:view', 'grid:review', 'grid:stats']);
  const operator = async (username: string, name: string, roleId: string) =>
    (
      await ok<{ id: string }>(
        await post('/sys/user/save', { username, name, password: INITIAL, orgId: org.id, roleIds: [roleId] }),
      )
    ).id;
  const member = await operator('e2e_member', '甲一网格员', memberRole);
  const managerA = await operator('e2e_street_a', '甲街道网格长', streetRole);
  const managerB = await operator('e2e_street_b', '乙街道网格长', streetRole);
  await operator('e2e_reviewer', '区局审核员', reviewRole);
  await ok(await post('/adm/grid/member/save', { operatorId: member, gridCode: community, role: 'member' }));
  await ok(await post('/adm/grid/member/save', { operatorId: managerA, gridCode: streetA, role: 'manager' }));
  await ok(await post('/adm/grid/member/save', { operatorId: managerB, gridCode: streetB, role: 'manager' }));
  return { streetA, streetB, community };
}

/** A real JPEG, drawn by the browser: a photo as a phone would send it. */
async function photoFrom(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d');
    if (g === null) throw new Error('no 2d context');
    g.fillStyle = '#8d6e63';
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#fdd835';
    g.fillRect(60, 200, 520, 120);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
}

/** Opens the event's detail drawer on the desktop page and takes one action through its dialog. */
async function act(page: Page, action: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  const drawer = page.getByRole('dialog', { name: new RegExp(`事件详情：${TITLE}`) });
  await drawer.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action}：${TITLE}` });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a grid event from a phone report to its close, seen only by its own street', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  await setUp(request, base);

  // 1. The grid member reports on a phone, with a photo taken on the spot.
  const phone = await operatorPage(browser, base, 'e2e_member', { phone: true });
  await phone.goto('/platform/');
  await expect(phone).toHaveURL(/\/platform\/m\//);
  await phone.getByRole('navigation', { name: '移动端导航' }).getByText('上报事件').click();
  const form = phone.getByRole('form', { name: '上报事件' });
  await form.getByLabel('事件类别').click();
  // antd draws its options as titled items (the listbox beside them is for screen readers).
  await phone.getByTitle('扬尘', { exact: true }).click();
  await form.getByLabel('标题').fill(TITLE);
  await form.getByLabel('描述').fill('工地东侧裸土约 200 平方米未苫盖，有扬尘');
  await form.locator('input[type=file]').setInputFiles({
    name: 'site.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoFrom(phone),
  });
  await form.getByLabel('经度').fill(String(SPOT.longitude));
  await form.getByLabel('纬度').fill(String(SPOT.latitude));
  await form.getByRole('button', { name: '上报' }).click();
  await expect(phone).toHaveURL(/\/platform\/m\/event\/\d+/);
  const eventId = /\/m\/event\/(\d+)/.exec(phone.url())?.[1] ?? '';
  await expect(phone.getByText(TITLE).first()).toBeVisible();
  await expect(phone.getByText('e2e 甲一社区').first()).toBeVisible();
  await expect(phone.locator('img[src*="/adm/event/attachment"]').first()).toBeVisible();

  // 2. Street A's operator accepts and dispatches it to the member.
  const street = await operatorPage(browser, base, 'e2e_street_a');
  await street.goto('/platform/grid-events');
  const list = street.getByRole('table');
  await expect(list.getByText(TITLE)).toBeVisible();
  await list
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByRole('button', { name: '详情' })
    .click();
  await act(street, '受理');
  await act(street, '派遣', async (dialog) => {
    await dialog.getByLabel('网格员', { exact: true }).click();
    await street.getByTitle(/甲一网格员/).click();
  });
  await expect(
    street
      .getByRole('dialog', { name: new RegExp(`事件详情：${TITLE}`) })
      .getByText('已派遣')
      .first(),
  ).toBeVisible();

  // 3. The member finds it in their tasks, starts and finishes the handling.
  await phone.goto('/platform/m/tasks');
  await phone.getByRole('list', { name: '我的任务' }).getByText(TITLE).click();
  await phone.getByRole('button', { name: '开始处置' }).click();
  await phone.getByRole('form', { name: '开始处置' }).getByRole('button', { name: '开始处置' }).click();
  await expect(phone.getByText('处置中').first()).toBeVisible();
  await phone.getByRole('button', { name: '处置完成' }).click();
  const finish = phone.getByRole('form', { name: '处置完成' });
  await finish.getByLabel('说明').fill('已督促工地苫盖完毕，洒水降尘');
  await finish.getByRole('button', { name: '处置完成' }).click();
  await expect(phone.getByText('已处置').first()).toBeVisible();

  // 4. The reviewer approves it in the approval centre and closes it.
  const reviewer = await operatorPage(browser, base, 'e2e_reviewer');
  await reviewer.goto('/platform/approvals');
  const approvals = reviewer.getByRole('table');
  await approvals
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByRole('button', { name: '通过' })
    .click();
  const approve = reviewer.getByRole('dialog', { name: new RegExp(`通过：.*${TITLE}`) });
  await approve.getByRole('button', { name: '通过', exact: true }).click();
  await expect(approve).toBeHidden();
  await reviewer.goto(`/platform/grid-events?eventId=${eventId}`);
  await act(reviewer, '结案');

  // 5. The history shows every step, in order, with who did it.
  const drawer = reviewer.getByRole('dialog', { name: new RegExp(`事件详情：${TITLE}`) });
  const history = drawer.getByLabel('处理记录');
  // The drawer refetches after the dialog closes: wait for the close to be in the history.
  await expect(history).toContainText('结案');
  const text = (await history.innerText()).replace(/\s+/g, ' ');
  const steps = ['上报', '受理', '派遣', '开始处置', '处置完成', '审核通过', '结案'];
  let at = -1;
  for (const step of steps) {
    const found = text.indexOf(step, at + 1);
    expect(found, `${step} after position ${at} in: ${text}`).toBeGreaterThan(at);
    at = found;
  }
  for (const who of ['甲一网格员', '甲街道网格长', '区局审核员']) expect(text).toContain(who);
  await expect(drawer.getByText('已结案').first()).toBeVisible();

  // 6. The hot map and the statistics count it.
  await reviewer.goto('/platform/incidents');
  await expect(reviewer.getByRole('main')).toBeVisible();
  const cells = await ok<{ total: number }>(
    await reviewer.request.get('/adm/incident/getVoLocationData', { params: { zoom: '12' } }),
  );
  expect(cells.total).toBeGreaterThanOrEqual(1);
  const handling = await ok<Record<string, unknown>>(await reviewer.request.get('/adm/statistics/byCatalog'));
  expect(JSON.stringify(handling)).toContain('扬尘');

  // 7. Street B's operator never sees it: not in the list, not by its id.
  const other = await operatorPage(browser, base, 'e2e_street_b');
  await other.goto('/platform/grid-events');
  await expect(other.getByRole('table')).toBeVisible();
  await expect(other.getByText(TITLE)).toHaveCount(0);
  const hidden = await other.request.get('/adm/event/voDetail', { params: { eventId } });
  expect(hidden.status()).toBe(404);
});
