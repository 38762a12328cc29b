import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS } from './support';

/**
 * Helpers of the account browser tests. The server under test runs with the test-only settings
 * TEST_CAPTCHA_TEXT (every captcha shows this text), TEST_PUZZLE_X (every puzzle's hole sits here) and
 * SMS_PROVIDER=file:<outbox> (codes are appended there as JSON lines); these constants must match.
 */

export const SMS_OUTBOX = process.env.E2E_SMS_OUTBOX ?? path.join(os.tmpdir(), 'lantian-e2e-sms.jsonl');
export const CAPTCHA_TEXT = process.env.E2E_CAPTCHA_TEXT ?? 'K7XP';
export const PUZZLE_X = Number(process.env.E2E_PUZZLE_X ?? 150);

/** A fresh, valid mainland mobile number per call (1, 3–9, 9 digits). */
export function newPhone(): string {
  const second = 3 + Math.floor(Math.random() * 7);
  let rest = '';
  for (let i = 0; i < 9; i++) rest += Math.floor(Math.random() * 10);
  return `1${second}${rest}`;
}

/** 138****8000, as the server's readable `username` cookie shows a phone. */
export function masked(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

interface OutboxLine {
  phone: string;
  purpose: string;
  code: string;
  time: string | number;
}

async function outboxLines(): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await fs.readFile(SMS_OUTBOX, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** How many codes the outbox holds for a phone (to tell the next one from older ones). */
export async function sentCount(phone: string): Promise<number> {
  return (await outboxLines()).filter((l) => l.phone === phone).length;
}

/**
 * The server refuses a second code for a phone within 120 s of the last (any purpose); waits that
 * out, counting from the time the outbox recorded.
 */
export async function waitForResend(page: Page, phone: string) {
  const last = (await outboxLines()).filter((l) => l.phone === phone).at(-1);
  if (last === undefined) return;
  const wait = new Date(last.time).getTime() + 121_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/** The newest code sent to `phone` after `before` earlier ones; waits for it to land. */
export async function smsCode(phone: string, before: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mine = (await outboxLines()).filter((l) => l.phone === phone);
        code = mine.length > before ? mine.at(-1)?.code : undefined;
        return code;
      },
      { message: `an SMS code for ${phone} in ${SMS_OUTBOX}`, timeout: 10_000 },
    )
    .toMatch(/^\d{4,6}$/);
  return code as string;
}

/** Opens the side navigation, where the account area lives. */
export async function openMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: '打开导航菜单' });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  const area = page.getByRole('region', { name: '账号' });
  await expect(area).toBeVisible();
  return area;
}

export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.locator('.lt-login') });
}

/** Opens the login dialog from the side navigation. */
export async function openLoginDialog(page: Page): Promise<Locator> {
  const area = await openMenu(page);
  await area.getByRole('button', { name: 'login/register' }).click();
  const dialog = loginDialog(page);
  await expect(dialog.getByText('账号登录')).toBeVisible();
  await expect(dialog.getByRole('img', { name: '图形验证码' })).toBeVisible();
  return dialog;
}

/**
 * Switches the open login dialog to 免费注册 and waits for the register form. A click that lands while
 * the modal is still settling has been seen to be lost on a loaded CI machine (the phone was then typed
 * into the login form); the switch is retried until the register form's verify button is there.
 */
export async function switchToRegister(dialog: Locator) {
  await expect(async () => {
    const verify = dialog.getByRole('button', { name: '点击完成安全验证' });
    if (!(await verify.isVisible())) await dialog.getByRole('button', { name: '免费注册' }).click({ timeout: 2_000 });
    await expect(verify).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export async function fillLogin(dialog: Locator, phone: string, password: string, captcha = CAPTCHA_TEXT) {
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  await dialog.getByPlaceholder('请输入密码').fill(password);
  await dialog.getByPlaceholder('请输入验证码').fill(captcha);
}

/** Logs in through the dialog and waits for the side navigation's greeting. */
export async function loginAs(page: Page, phone: string, password: string) {
  const dialog = await openLoginDialog(page);
  await fillLogin(dialog, phone, password);
  await dialog.getByRole('button', { name: /^登\s?录$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`welcome, ${masked(phone)}`)).toBeVisible();
}

/**
 * Drags the puzzle handle so the piece's left edge lands at `targetX` (picture pixels), with a human
 * wobble in the vertical trail unless `steady` (a perfectly level drag, which the server calls 'again').
 * Moves are spaced past the widget's 50 ms throttle so each one counts.
 */
export async function dragPuzzle(page: Page, targetX: number, options: { steady?: boolean } = {}) {
  const widget = page.locator('.lt-sv');
  await expect(widget).toHaveAttribute('data-phase', 'ready');
  const handle = widget.locator('.lt-sv-handle');
  const box = await handle.boundingBox();
  if (box === null) throw new Error('puzzle handle not visible');
  const startX = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  const wobble = (i: number) => (options.steady ? 0 : ([0, 1, 2, 1, 3, 2, 1, 0][i % 8] ?? 0));
  let dx = 0;
  let step = 0;
  const moveTo = async (x: number) => {
    step += 1;
    await page.mouse.move(startX + x, startY + wobble(step));
    await page.waitForTimeout(60);
  };
  // Coarse: most of the way in a few moves, reading where the piece went.
  for (let i = 0; i < 40; i++) {
    const pieceX = Number(await widget.getAttribute('data-piece-x'));
    const gap = targetX - pieceX;
    if (Math.abs(gap) <= 0.6 && step > 3) break;
    dx += Math.abs(gap) > 20 ? Math.sign(gap) * 20 : gap;
    await moveTo(dx);
  }
  await page.mouse.up();
}

/** Passes the puzzle in the login dialog and waits for it to close. */
export async function solvePuzzle(page: Page) {
  await dragPuzzle(page, PUZZLE_X);
  await expect(page.locator('.lt-sv')).toHaveAttribute('data-phase', 'success');
  await expect(page.locator('.lt-sv')).toBeHidden();
}

/** A screenshot of what is on screen (dialogs sit in the viewport; a full-page shot dwarfs them). */
export async function viewShot(page: Page, name: string) {
  // Let antd's open/close animations finish first.
  await page.waitForFunction(
    () => document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]') === null,
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}
