import { expect, type Locator, type Page, test } from '@playwright/test';
import { lastMinute, minuteFrame, sendFrame } from './hj212-support';
import { adminSession, registerDevice, uniqueMn } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * 设备运维 and 告警中心 with real data loggers: the test registers devices, then speaks HJ 212-2017
 * over TCP to the e2e server's gateway, and watches the console react (live values, alarms arriving
 * over Server-Sent Events, acknowledged and then cleared by the device's next packet).
 */

const PW = 'e2e2026';

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
});

/** Picks an option of the antd Select or Cascader labelled `label` by typing `search`. */
async function pick(
  page: Page,
  scope: Locator,
  label: string,
  search: string,
  option: string | RegExp,
  /** What the field shows once the option is chosen (the option itself unless told). */
  shows: string | RegExp = option,
) {
  const input = scope.getByLabel(label, { exact: true });
  const item = scope.locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) });
  // A click that lands while the dropdown is still opening (or on a closing one) picks nothing: try
  // again until the field shows a choice.
  await expect(async () => {
    await input.click();
    await input.fill(search);
    await page
      .locator('.ant-select-dropdown:visible, .ant-cascader-dropdown:visible')
      .getByText(option)
      .first()
      .click({ timeout: 3_000 });
    await expect(item).toContainText(shows, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

test('a site and a device registered in the console; its first HJ 212 packet brings it online with values', async ({
  page,
}) => {
  const errors = watchForErrors(page);
  const mn = uniqueMn('E2ED');
  const siteCode = `E2E-${mn.slice(-6)}`;
  const deviceName = `测试微站 ${mn.slice(-4)}`;

  await page.goto('/platform/devices/sites');
  await page.getByRole('button', { name: '新增站点' }).click();
  const siteForm = page.getByRole('form', { name: '新增站点' });
  await siteForm.getByLabel('站点编码').fill(siteCode);
  await siteForm.getByLabel('站点名称').fill(`测试站点 ${mn.slice(-4)}`);
  await pick(page, siteForm, '所属区域', '朝阳区', /朝阳区/);
  await siteForm.getByLabel('经度').fill('116.4733');
  await siteForm.getByLabel('纬度').fill('39.9463');
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(`已新增站点 测试站点 ${mn.slice(-4)}`)).toBeVisible();
  // The demo network alone fills more than a page of sites: find the new one as an operator would.
  await page.getByPlaceholder('站点名称或编码').fill(siteCode);
  await page.getByPlaceholder('站点名称或编码').press('Enter');
  await expect(page.getByRole('table', { name: '站点列表' })).toContainText(siteCode);

  await page.getByRole('tab', { name: '设备列表' }).click();
  await page.getByRole('button', { name: '新增设备' }).click();
  const deviceForm = page.getByRole('form', { name: '新增设备' });
  await deviceForm.getByLabel('MN（设备唯一标识）').fill(mn);
  await deviceForm.getByLabel('设备名称').fill(deviceName);
  await pick(page, deviceForm, '设备类型', '微型', '空气质量微型监测站');
  await pick(page, deviceForm, '站点', siteCode, new RegExp(siteCode));
  await deviceForm.getByLabel('访问密码（PW）').fill(PW);
  await pick(page, deviceForm, '监测因子', 'PM2.5', /^PM2\.5/, 'a34004');
  // Closes the multiple-choice dropdown (Escape would close the drawer).
  await deviceForm.getByLabel('设备名称').click();
  await page.getByRole('button', { name: /^保\s*存$/ }).click();
  await expect(page.getByText(`已登记设备 ${deviceName}`)).toBeVisible();

  const list = page.getByRole('table', { name: '设备列表' });
  await page.getByLabel('MN、设备名称或站点名称').fill(mn);
  await page.getByLabel('MN、设备名称或站点名称').press('Enter');
  const row = list.getByRole('row').filter({ hasText: mn });
  await expect(row).toContainText('未上线');

  const answer = await sendFrame(minuteFrame(mn, PW, lastMinute(), [{ factor: 'a34004', value: 37.5 }]));
  expect(answer).toContain('CN=9014');
  await page.reload();
  await expect(row).toContainText('在线');

  await row.getByRole('link', { name: deviceName }).click();
  await expect(page).toHaveURL(/\/platform\/devices\/\d+$/);
  await expect(page.getByText('37.5')).toBeVisible();
  await screenshot(page, 'console-device-detail');
  expect(errors).toEqual([]);
});

test('an alarm appears live in 告警中心, is acknowledged, then cleared by the device’s next packet', async ({
  page,
  baseURL,
}) => {
  const errors = watchForErrors(page);
  const mn = uniqueMn('E2EA');
  const deviceName = `告警测试 ${mn.slice(-4)}`;
  await registerDevice(page.request, baseURL ?? '', {
    mn,
    name: deviceName,
    siteName: `告警测试站 ${mn.slice(-4)}`,
    password: PW,
  });

  await page.goto('/platform/alarms');
  await expect(page.getByText('实时', { exact: true })).toBeVisible();

  // A negative PM2.5 breaks the built-in 「PM2.5 负值或超量程」 rule at once (no duration).
  const start = lastMinute();
  expect(await sendFrame(minuteFrame(mn, PW, start, [{ factor: 'a34004', value: -5 }]))).toContain('CN=9014');

  // Pushed, not polled: the notification and the counter come without touching the page.
  const toast = page.locator('.ant-notification-notice').filter({ hasText: deviceName });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('button', { name: /新告警 [1-9]\d* 条/ })).toBeEnabled();
  const list = page.getByRole('table', { name: '告警列表' });
  const row = list.getByRole('row').filter({ hasText: deviceName });
  await expect(row).toContainText('待处理');
  await screenshot(page, 'console-alarm-live');

  await row.getByRole('button', { name: '确认' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `确认告警：${deviceName}` });
  await dialog.getByLabel('确认说明（可选）').fill('已通知运维人员现场核查');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已确认告警：${deviceName}`)).toBeVisible();
  await expect(row).toContainText('已确认');

  // The next minute is back in range: the engine clears the alarm, and the list follows live.
  expect(await sendFrame(minuteFrame(mn, PW, start + 60, [{ factor: 'a34004', value: 42 }]))).toContain('CN=9014');
  await expect(row).toContainText('已解除');
  await row.getByRole('button', { name: '详情' }).click();
  const detail = page.getByRole('dialog').filter({ hasText: deviceName });
  await expect(detail).toContainText('已通知运维人员现场核查');
  expect(errors).toEqual([]);
});
