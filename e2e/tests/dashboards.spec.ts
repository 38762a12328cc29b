import { expect, type Page, test } from '@playwright/test';
import { lastMinute, minuteFrame, sendFrame } from './hj212-support';
import { adminSession, registerDevice, uniqueMn } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * Issue 21's dashboard: an operator draws a dashboard in the console with a value bound to a device,
 * publishes it, and the embed link opens in a fresh browser (no session) where the value changes as
 * soon as the device sends new data over HJ 212; undo, redo, copy and paste work in the editor; a
 * stopped publication closes the screen.
 */

const PW = 'e2e2026';

async function pick(page: Page, label: string, search: string | null, option: string | RegExp) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  if (search !== null) await input.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByText(option).first().click();
}

test('a dashboard with a bound value is published and its embed link shows the device’s new data live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
  const errors = watchForErrors(page);
  const mn = uniqueMn('E2EC');
  await registerDevice(page.request, baseURL ?? '', {
    mn,
    name: `大屏微站 ${mn.slice(-4)}`,
    siteName: `大屏测试站 ${mn.slice(-4)}`,
    password: PW,
  });
  const start = lastMinute();
  expect(await sendFrame(minuteFrame(mn, PW, start - 60, [{ factor: 'a34004', value: 37.5 }]))).toContain('CN=9014');

  // A new dashboard.
  await page.goto('/platform/dashboards');
  await page.getByRole('button', { name: '新建组态图' }).click();
  const form = page.getByRole('form', { name: '新建组态图' });
  await form.getByLabel('名称').fill(`朝阳监测大屏 ${mn.slice(-4)}`);
  await page.getByRole('button', { name: '创建并编辑' }).click();
  await expect(page).toHaveURL(/\/platform\/dashboards\/\d+$/);
  const nodes = page.getByRole('list', { name: '图元列表' }).getByRole('listitem');
  await expect(nodes).toHaveCount(0);

  // Undo and redo.
  await page.getByRole('button', { name: '矩形', exact: true }).click();
  await expect(nodes).toHaveCount(1);
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(nodes).toHaveCount(0);
  await page.getByRole('button', { name: '重做' }).click();
  await expect(nodes).toHaveCount(1);

  // A value bound to the device's PM2.5, red from 75 up.
  await page.getByRole('button', { name: '数值', exact: true }).click();
  await expect(nodes).toHaveCount(2);
  await pick(page, '绑定设备', mn, new RegExp(mn));
  await pick(page, '绑定因子', null, /PM2\.5/);
  await page.getByRole('button', { name: '添加阈值' }).click();
  await expect(page.getByLabel('阈值 1', { exact: true })).toHaveValue('75');
  await page.getByLabel('名称', { exact: true }).fill('PM2.5 实时');

  // Copy and paste with the keyboard, then undo the paste.
  await nodes.filter({ hasText: 'PM2.5 实时' }).getByRole('button').click();
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await expect(nodes).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(nodes).toHaveCount(2);

  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('组态图已保存')).toBeVisible();
  await screenshot(page, 'console-dashboard-editor');

  // Publish and read the embed link.
  await page.getByRole('button', { name: '发布', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '发布：' });
  await dialog.getByRole('button', { name: '发布', exact: true }).click();
  const linkInput = dialog.getByLabel('嵌入链接');
  await expect(linkInput).toHaveValue(/\/platform\/screen\/[A-Za-z0-9_-]{43}$/);
  const link = await linkInput.inputValue();

  // A fresh browser: no session, no cookies.
  const screenContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'zh-CN' });
  const screen = await screenContext.newPage();
  const screenErrors = watchForErrors(screen);
  await screen.goto(link);
  const live = screen.getByRole('list', { name: '实时数据' });
  await expect(live).toContainText('PM2.5 实时：37.5 μg/m³');
  await screenshot(screen, 'dashboard-screen-before');

  // The device sends new data: the screen changes without a reload.
  expect(await sendFrame(minuteFrame(mn, PW, start, [{ factor: 'a34004', value: 88.2 }]))).toContain('CN=9014');
  await expect(live).toContainText('PM2.5 实时：88.2 μg/m³');
  await screenshot(screen, 'dashboard-screen-after');

  // Stopping the publication closes the screen.
  await dialog.getByRole('button', { name: '停止发布' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(screen.getByText('该大屏已停止发布')).toBeVisible({ timeout: 20_000 });
  await screenContext.close();
  expect(errors).toEqual([]);
  expect(screenErrors.filter((e) => !e.includes('404'))).toEqual([]);
});
