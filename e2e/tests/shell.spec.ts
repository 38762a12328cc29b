import { expect, type Page, test } from '@playwright/test';
import { cityResolved, screenshot, searchBox, VIEWPORTS, watchForErrors } from './support';

/** Spec §2 "Shell", §4 "Anti-debugging": the frame around every public page. */

const tabsNav = (page: Page) => page.getByRole('navigation', { name: '页面切换' });

test.describe('public shell', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`renders the frame at ${name} width without errors`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const errors = watchForErrors(page);
      await page.goto('/city/beijing');
      await cityResolved(page, '北京市');
      await expect(page.getByRole('button', { name: /蓝天/ })).toBeVisible();
      await expect(page.getByRole('button', { name: '打开导航菜单' })).toBeVisible();
      await expect(page.getByPlaceholder('请输入城市或区县')).toBeVisible();
      await expect(page.locator('.lt-city').getByRole('button', { name: '关注' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `shell-${name}`);
      expect(errors).toEqual([]);
    });
  }

  test('the three tabs are links on wide screens', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/city/beijing');
    for (const tab of ['城市空气质量', '站点空气质量', '城市气象数据']) {
      await expect(tabsNav(page).getByRole('link', { name: tab })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /切换页面/ })).toHaveCount(0);
  });

  test('on a 360 px screen the tabs sit in a popover', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/city/beijing');
    await cityResolved(page, '北京市');
    await expect(tabsNav(page)).toHaveCount(0);
    const toggle = page.getByRole('button', { name: /切换页面/ });
    await expect(toggle).toContainText('城市空气质量');
    await toggle.click();
    await expect(tabsNav(page).getByRole('link', { name: '城市空气质量' })).toHaveAttribute('aria-current', 'page');
    await screenshot(page, 'shell-phone-tabs-popover');
    await tabsNav(page).getByRole('link', { name: '站点空气质量' }).click();
    await expect(page).toHaveURL(/\/site\/beijing$/);
    await expect(tabsNav(page)).toBeHidden();
    await expect(toggle).toContainText('站点空气质量');
  });

  test('the logo reloads the page', async ({ page }) => {
    await page.goto('/city/beijing');
    await cityResolved(page, '北京市');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: /蓝天/ }).click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await expect(page).toHaveURL(/\/city\/beijing$/);
  });

  test('the side navigation lists the six entries with their targets', async ({ page }) => {
    await page.goto('/city/beijing');
    const links = await page.evaluate(
      () =>
        JSON.parse(document.getElementById('lantian-config')?.textContent ?? '{}').navLinks as Record<string, string>,
    );
    await page.getByRole('button', { name: '打开导航菜单' }).click();
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav).toBeVisible();
    const expected = [
      ['全国空气质量', links.air, '_self'],
      ['城市分析', links.cityAnalysis, '_blank'],
      ['排名分析', links.rankAnalysis, '_blank'],
      ['图像分析', links.imageAnalysis, '_blank'],
      ['数据分析', links.dataAnalysis, '_blank'],
      ['新闻资讯', links.news, '_blank'],
    ] as const;
    const items = nav.getByRole('link');
    await expect(items).toHaveCount(6);
    for (const [i, [label, href, target]] of expected.entries()) {
      const link = items.nth(i);
      await expect(link).toContainText(label);
      expect(href).toBeTruthy();
      await expect(link).toHaveAttribute('href', href ?? '');
      await expect(link).toHaveAttribute('target', target);
    }
    await expect(items.first()).toHaveAttribute('aria-current', 'page');
    await screenshot(page, 'shell-side-navigation');

    // The main entry replaces the window; another opens a new one.
    const [popup] = await Promise.all([page.waitForEvent('popup'), items.nth(1).click()]);
    await popup.close();
    await expect(page).toHaveURL(/\/city\/beijing$/);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });

  test('the body is classed pc on a desktop browser', async ({ page }) => {
    await page.goto('/city/beijing');
    await expect(page.locator('body')).toHaveClass(/\bpc\b/);
    await expect(page.locator('body')).not.toHaveClass(/\bphone\b/);
  });

  test.describe('on a phone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      viewport: VIEWPORTS.phone,
    });

    test('the body is classed phone and gets a fixed height', async ({ page }) => {
      await page.goto('/city/beijing');
      await expect(page.locator('body')).toHaveClass(/\bphone\b/);
      const height = await page.evaluate(() => document.body.getBoundingClientRect().height);
      expect(height).toBe(VIEWPORTS.phone.height);
      // The page still scrolls.
      await cityResolved(page, '北京市');
      await page.mouse.move(180, 500);
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    });
  });

  test('anti-debugging is off by default', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/city/beijing');
    await cityResolved(page, '北京市');
    const prevented = await page.evaluate(() => {
      const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      const f12 = new KeyboardEvent('keydown', { key: 'F12', bubbles: true, cancelable: true });
      const save = new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true });
      document.body.dispatchEvent(menu);
      document.body.dispatchEvent(f12);
      document.body.dispatchEvent(save);
      return [menu.defaultPrevented, f12.defaultPrevented, save.defaultPrevented];
    });
    expect(prevented).toEqual([false, false, false]);
    expect(scripts.some((s) => s.includes('anti-debug'))).toBe(false);
  });

  test('anti-debugging, when the deployment turns it on, blocks the keys and a paused debugger', async ({ page }) => {
    // The server sets the switch from WEB_ANTI_DEBUG; here the served page's configuration is switched on
    // on its way to the browser, as a deployment with WEB_ANTI_DEBUG=on would serve it.
    await page.route('**/city/beijing', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('"antiDebug":false', '"antiDebug":true');
      await route.fulfill({ response, body });
    });
    await page.goto('/city/beijing');
    await cityResolved(page, '北京市');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
          document.body.dispatchEvent(menu);
          return menu.defaultPrevented;
        }),
      )
      .toBe(true);
    const keys = await page.evaluate(() =>
      [
        { key: 'F12' },
        { key: 's', ctrlKey: true },
        { key: 'u', ctrlKey: true },
        { key: 'I', ctrlKey: true, shiftKey: true },
        { key: 'a', ctrlKey: true },
      ].map((init) => {
        const e = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
        document.body.dispatchEvent(e);
        return e.defaultPrevented;
      }),
    );
    expect(keys).toEqual([true, true, true, true, false]);

    // A debugger that holds the check for more than 200 ms replaces the page with the spec's message.
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Debugger.paused', () => {
      setTimeout(() => void cdp.send('Debugger.resume').catch(() => undefined), 400);
    });
    await cdp.send('Debugger.enable');
    await expect(page.getByText('检测到非法调试，请关闭调试终端后刷新本页面重试！')).toBeVisible();
    await expect(searchBox(page)).toHaveCount(0);
    await cdp.send('Debugger.disable');
  });
});

test('the operator console shell is served under /platform/', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/platform/');
  // Signed out, the console opens on its sign-in page (platform.spec.ts goes further).
  await expect(page.getByRole('heading', { name: '蓝天生态环境综合管理平台' })).toBeVisible();
  await expect(page.getByRole('form', { name: '运营人员登录' })).toBeVisible();
  await screenshot(page, 'console-desktop');
  // The browser logs the 401 of "who is signed in?"; nothing else may fail.
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('the API docs render under the security policy', async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto('/api/docs');
  await expect(page.getByText('/healthz').first()).toBeVisible();
  await screenshot(page, 'api-docs');
  expect(errors).toEqual([]);
});
