import { expect, test } from '@playwright/test';
import { adminSession } from './platform-support';
import { screenshot, VIEWPORTS, watchForErrors } from './support';

/**
 * Issue 21's report centre in the browser: a template built from elements (text with placeholders,
 * a chart, the AQI calendar), a Beijing day report generated from the demo data, read on screen and
 * exported to Word and PDF.
 */

test('a template is built, a Beijing report generated from it, read and exported', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await adminSession(page.request, baseURL ?? '');
  const errors = watchForErrors(page);
  const name = `北京日报模板 ${Date.now() % 100_000}`;

  await page.goto('/platform/reports?tab=templates');
  await page.getByRole('button', { name: '新建模板' }).click();
  await page.getByLabel('模板名称').fill(name);
  await page.getByLabel('模板类型').click();
  await page.locator('.ant-select-dropdown:visible').getByText('日报', { exact: true }).click();
  await page.getByRole('button', { name: '添加富文本' }).click();
  await page.getByLabel('text1 文字').fill('{{area}}{{period}}，AQI 为 {{aqiMean}}，首要污染物见下表。');
  await page.getByRole('button', { name: '添加表格' }).click();
  await page.getByRole('button', { name: '添加图片' }).click();
  await page.getByRole('button', { name: '保存模板' }).click();
  await expect(page.getByText('模板已保存')).toBeVisible();
  await screenshot(page, 'console-report-template');

  await page.goto('/platform/reports');
  await page.getByRole('button', { name: '生成报告' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '生成报告' });
  await dialog.getByLabel('模板').click();
  await page.locator('.ant-select-dropdown:visible').getByText(name).click();
  const area = dialog.getByLabel('报告区域');
  await area.click();
  await area.fill('北京市');
  await page.locator('.ant-cascader-dropdown:visible').getByText('北京市').first().click();
  await dialog.getByLabel('报告日期').click();
  const yesterday = new Date(Date.now() + 8 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('报告日期').fill(yesterday);
  await dialog.getByLabel('报告日期').press('Enter');
  await dialog.getByRole('button', { name: '生成' }).click();
  await expect(page).toHaveURL(/\/platform\/reports\/records\/\d+$/);
  const body = page.getByRole('article', { name: '报告内容' });
  await expect(body).toContainText('北京市');
  await expect(body.getByRole('img', { name: 'AQI 日历' })).toBeVisible();
  await screenshot(page, 'console-report-record');

  const word = await page.request.get(
    await page
      .getByRole('link', { name: '导出 Word' })
      .getAttribute('href')
      .then((h) => h ?? ''),
  );
  expect(word.headers()['content-type']).toContain('wordprocessingml');
  const pdf = await page.request.get(
    await page
      .getByRole('link', { name: '导出 PDF' })
      .getAttribute('href')
      .then((h) => h ?? ''),
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(errors).toEqual([]);
});
