import { ErrorCode, SLIDE_PUZZLE } from '@lantian/contracts';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsTestApp, call, createAccountsApp, HUMAN_TRAIL, TEST_PUZZLE_X } from '../../../testing/accounts';
import { clampTolerance, isUniformTrail, parseRelease, puzzleHeight } from './slide-puzzle.service';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await createAccountsApp();
});
afterAll(async () => {
  await app.close();
});

const PHONE = '13700137000';

async function puzzle(query: Record<string, string> = {}) {
  const res = await call(app, 'GET', '/api/user/getSlidePuzzle', { params: query });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const check = (uuid: string, x: number | string, trail = HUMAN_TRAIL, phone = PHONE) =>
  call(app, 'POST', '/api/user/checkSlidePuzzle', { params: { uuid, phone, x: String(x), trail } });

describe('getSlidePuzzle', () => {
  it('draws a 336×155 JPEG with the hole and a square PNG piece, and tells where the piece sits vertically', async () => {
    const data = await puzzle();
    expect(data).toMatchObject({ width: 336, height: 155, pieceSize: SLIDE_PUZZLE.pieceSize, expiresInSeconds: 120 });
    const background = Buffer.from(data.background, 'base64');
    const piece = Buffer.from(data.piece, 'base64');
    expect(background.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(piece.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [bg, pc] = await Promise.all([loadImage(background), loadImage(piece)]);
    expect([bg.width, bg.height]).toEqual([336, 155]);
    expect([pc.width, pc.height]).toEqual([SLIDE_PUZZLE.pieceSize, SLIDE_PUZZLE.pieceSize]);
    expect(data.y).toBeGreaterThanOrEqual(10);
    expect(data.y + SLIDE_PUZZLE.pieceSize).toBeLessThanOrEqual(155 - 10);
    // The hole's x never leaves the server.
    expect(JSON.stringify(data)).not.toContain(`"x"`);
  });

  it('draws the login dialog size, 336×180', async () => {
    const data = await puzzle({ height: '180', accuracy: '2' });
    const bg = await loadImage(Buffer.from(data.background, 'base64'));
    expect([bg.width, bg.height]).toEqual([336, 180]);
  });
});

describe('checkSlidePuzzle', () => {
  it('passes a release within tolerance with a wobbling trail: a ticket', async () => {
    for (const offset of [-5, 0, 5, 4.5]) {
      const { uuid } = await puzzle();
      const res = await check(uuid, TEST_PUZZLE_X + offset);
      expect(res.statusCode, String(offset)).toBe(200);
      expect(res.json().data).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresInSeconds: 120 });
    }
  });

  it('fails a release beyond the default tolerance of 5', async () => {
    const { uuid } = await puzzle();
    const res = await check(uuid, TEST_PUZZLE_X + 6);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ErrorCode.PUZZLE_MISMATCH, msg: '验证失败，请重试' });
  });

  it('answers "again" for the right position with a perfectly uniform trail', async () => {
    for (const trail of ['0,0,0,0', '3,3,3', '']) {
      const { uuid } = await puzzle();
      const res = await check(uuid, TEST_PUZZLE_X, trail);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: ErrorCode.PUZZLE_RETRY, msg: '请再试一次' });
    }
  });

  it('uses the puzzle up on the first check, whatever the verdict', async () => {
    const { uuid } = await puzzle();
    expect((await check(uuid, TEST_PUZZLE_X + 40)).statusCode).toBe(400);
    const retry = await check(uuid, TEST_PUZZLE_X);
    expect(retry.json()).toEqual({ code: ErrorCode.PUZZLE_MISMATCH, msg: '验证已过期，请刷新后重试' });
    const passed = await puzzle();
    expect((await check(passed.uuid, TEST_PUZZLE_X)).statusCode).toBe(200);
    expect((await check(passed.uuid, TEST_PUZZLE_X)).statusCode).toBe(400);
  });

  it('uses the asked tolerance, clamped to 1–10 (the login dialog asks 2)', async () => {
    const strict = await puzzle({ height: '180', accuracy: '2' });
    expect((await check(strict.uuid, TEST_PUZZLE_X + 3)).statusCode).toBe(400);
    const strictOk = await puzzle({ height: '180', accuracy: '2' });
    expect((await check(strictOk.uuid, TEST_PUZZLE_X - 2)).statusCode).toBe(200);
    const loose = await puzzle({ accuracy: '50' });
    expect((await check(loose.uuid, TEST_PUZZLE_X + 10)).statusCode).toBe(200);
    const tooLoose = await puzzle({ accuracy: '50' });
    expect((await check(tooLoose.uuid, TEST_PUZZLE_X + 11)).statusCode).toBe(400);
    const anyPosition = await puzzle({ accuracy: '-1' });
    expect((await check(anyPosition.uuid, TEST_PUZZLE_X + 2)).statusCode).toBe(400);
  });

  it('refuses a bad phone, x or trail with the reason, without using the puzzle up', async () => {
    const { uuid } = await puzzle();
    const badPhone = await check(uuid, TEST_PUZZLE_X, HUMAN_TRAIL, '12345');
    expect(badPhone.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: '请输入正确的手机号' });
    const badX = await check(uuid, 'left');
    expect(badX.json().msg).toContain('x');
    const badTrail = await check(uuid, TEST_PUZZLE_X, '1,,2');
    expect(badTrail.json().msg).toContain('trail');
    expect((await check(uuid, TEST_PUZZLE_X)).statusCode).toBe(200);
  });
});

describe('puzzle rules', () => {
  it('clamps tolerance and picks the height', () => {
    expect([clampTolerance(undefined), clampTolerance(0), clampTolerance(2), clampTolerance(99)]).toEqual([
      5, 1, 2, 10,
    ]);
    expect([puzzleHeight(undefined), puzzleHeight(180), puzzleHeight(170), puzzleHeight(10)]).toEqual([
      155, 180, 180, 155,
    ]);
  });

  it('calls a trail uniform only when every sample is equal', () => {
    expect(isUniformTrail([])).toBe(true);
    expect(isUniformTrail([2, 2, 2])).toBe(true);
    expect(isUniformTrail([2, 2, 3])).toBe(false);
  });

  it('parses a release', () => {
    expect(parseRelease(' 12.5 ', '0, 1,-2')).toEqual({ x: 12.5, trail: [0, 1, -2] });
    expect(() => parseRelease('', '1')).toThrow(/x/);
    expect(() => parseRelease('1', 'a,b')).toThrow(/trail/);
    expect(() => parseRelease('1', Array(2001).fill('1').join(','))).toThrow(/trail/);
  });
});
