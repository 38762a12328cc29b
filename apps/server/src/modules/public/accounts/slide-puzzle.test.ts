import { ErrorCode, SLIDE_PUZZLE } from '@lantian/contracts';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsTestApp,
  call,
  createAccountsApp,
  HUMAN_TRAIL,
  humanTrack,
  TEST_PUZZLE_X,
} from '../../../testing/accounts';
import {
  clampTolerance,
  implausibleTrack,
  isUniformTrail,
  MAX_SERVER_TOLERANCE,
  parseRelease,
  puzzleHeight,
  type TrackSample,
} from './slide-puzzle.service';

let app: AccountsTestApp;
beforeAll(async () => {
  app = await createAccountsApp();
});
afterAll(async () => {
  await app.close();
});

const PHONE = '13700137000';

async function puzzle(query: Record<string, string> = {}, ip?: string) {
  const res = await call(app, 'GET', '/api/user/getSlidePuzzle', {
    params: query,
    ...(ip === undefined ? {} : { ip }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A release at x, by default with a human drag (track) that ends there. */
const check = (
  uuid: string,
  x: number | string,
  trail = HUMAN_TRAIL,
  phone = PHONE,
  track: string | undefined = typeof x === 'number' ? humanTrack(x) : undefined,
  ip?: string,
) =>
  call(app, 'POST', '/api/user/checkSlidePuzzle', {
    params: { uuid, phone, x: String(x), trail, ...(track === undefined ? {} : { track }) },
    ...(ip === undefined ? {} : { ip }),
  });

const asText = (track: readonly TrackSample[]) => track.map((s) => `${s.t},${s.x},${s.y}`).join(';');

/**
 * What our widget sent for a real drag (Chromium, mouse, 50 ms throttle): a slow start, a fast
 * middle, braking, a 3 px overshoot corrected, a wobble of a few pixels, 1.1 s in all.
 */
const RECORDED: TrackSample[] = [
  { t: 183, x: 2.7, y: 0 },
  { t: 236, x: 9.1, y: 0 },
  { t: 290, x: 21.9, y: 1 },
  { t: 341, x: 40.2, y: 1 },
  { t: 398, x: 63.9, y: 2 },
  { t: 452, x: 88.6, y: 2 },
  { t: 503, x: 109.7, y: 3 },
  { t: 560, x: 126.2, y: 3 },
  { t: 614, x: 138.1, y: 2 },
  { t: 668, x: 146.3, y: 2 },
  { t: 731, x: 151.8, y: 1 },
  { t: 802, x: 153.2, y: 1 },
  { t: 905, x: 151.4, y: 2 },
  { t: 1032, x: 150.5, y: 2 },
  { t: 1110, x: 150.0, y: 2 },
];

/** A script's drags: each must be asked to try again. */
const straightLine = Array.from({ length: 15 }, (_, i) => ({ t: (i + 1) * 60, x: (i + 1) * 10, y: i % 2 }));
const BOTS: Record<string, TrackSample[]> = {
  'a straight line at constant speed': straightLine,
  'a 30 ms drag': Array.from({ length: 6 }, (_, i) => ({
    t: (i + 1) * 5,
    x: [10, 40, 90, 130, 148, 150][i] ?? 0,
    y: i % 2,
  })),
  'two points': [
    { t: 200, x: 80, y: 0 },
    { t: 600, x: 150, y: 1 },
  ],
  'time running backwards': RECORDED.map((s, i) => (i === 5 ? { ...s, t: 100 } : s)),
  'a jump of 140 px in 10 ms': [...RECORDED.slice(0, 3), { t: 300, x: 150, y: 2 }, ...RECORDED.slice(-3)].map((s, i) =>
    i > 3 ? { ...s, t: s.t + 400 } : s,
  ),
  'back and forth': RECORDED.flatMap((s, i) => [s, { t: s.t + 20, x: Math.max(0, s.x - 30), y: s.y + (i % 2) }]).concat(
    {
      t: 1300,
      x: 150,
      y: 1,
    },
  ),
  'no wobble at all': RECORDED.map((s) => ({ ...s, y: 0 })),
  'released elsewhere than the drag ended': RECORDED.map((s) => ({ ...s, x: s.x * 0.8 })),
};

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
    for (const offset of [-3, 0, 3, 2.5]) {
      const { uuid } = await puzzle();
      const res = await check(uuid, TEST_PUZZLE_X + offset);
      expect(res.statusCode, String(offset)).toBe(200);
      expect(res.json().data).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresInSeconds: 120 });
    }
  });

  it('fails a release beyond the server tolerance of 3 (the default asked is 5)', async () => {
    const { uuid } = await puzzle();
    const res = await check(uuid, TEST_PUZZLE_X + 4);
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

  it('uses the asked tolerance, clamped to 1–10, but never more than 3 px (the login dialog asks 2)', async () => {
    const strict = await puzzle({ height: '180', accuracy: '2' });
    expect((await check(strict.uuid, TEST_PUZZLE_X + 3)).statusCode).toBe(400);
    const strictOk = await puzzle({ height: '180', accuracy: '2' });
    expect((await check(strictOk.uuid, TEST_PUZZLE_X - 2)).statusCode).toBe(200);
    // A client asking for 10 (or 50) still gets 3: a blind guess wins 7 times in 187, not 21.
    for (const accuracy of ['10', '50']) {
      const loose = await puzzle({ accuracy });
      expect((await check(loose.uuid, TEST_PUZZLE_X + 3)).statusCode).toBe(200);
      const tooLoose = await puzzle({ accuracy });
      expect((await check(tooLoose.uuid, TEST_PUZZLE_X + 4)).statusCode, accuracy).toBe(400);
    }
    const anyPosition = await puzzle({ accuracy: '-1' });
    expect((await check(anyPosition.uuid, TEST_PUZZLE_X + 2)).statusCode).toBe(400);
  });

  it('passes a real drag from our widget, and asks every script-like drag to try again', async () => {
    // (From an address of its own: puzzles and checks are limited to 30 a minute per address.)
    const ip = '10.5.0.1';
    const real = await puzzle({}, ip);
    expect((await check(real.uuid, 150, HUMAN_TRAIL, PHONE, asText(RECORDED), ip)).statusCode).toBe(200);
    for (const [name, track] of Object.entries(BOTS)) {
      const { uuid } = await puzzle({}, ip);
      const res = await check(uuid, 150, HUMAN_TRAIL, PHONE, asText(track), ip);
      expect(res.json(), name).toEqual({ code: ErrorCode.PUZZLE_RETRY, msg: '请再试一次' });
    }
    // A release with the spec's trail alone (no track) proves nothing about the hand.
    const bare = await puzzle({}, ip);
    const res = await check(bare.uuid, TEST_PUZZLE_X, HUMAN_TRAIL, PHONE, '', ip);
    expect(res.json().code).toBe(ErrorCode.PUZZLE_RETRY);
  });

  it('refuses a junk track with the reason, without using the puzzle up', async () => {
    const ip = '10.5.0.2';
    const { uuid } = await puzzle({}, ip);
    for (const track of ['1,2', 'a,b,c', '1,2,3;;4,5,6', Array(2001).fill('1,1,1').join(';')]) {
      const res = await check(uuid, TEST_PUZZLE_X, HUMAN_TRAIL, PHONE, track, ip);
      expect(res.statusCode, track.slice(0, 20)).toBe(400);
      expect(res.json().msg).toContain('track');
    }
    expect((await check(uuid, TEST_PUZZLE_X, HUMAN_TRAIL, PHONE, humanTrack(), ip)).statusCode).toBe(200);
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
      MAX_SERVER_TOLERANCE,
      1,
      2,
      MAX_SERVER_TOLERANCE,
    ]);
    expect(MAX_SERVER_TOLERANCE).toBeLessThanOrEqual(3);
    expect([puzzleHeight(undefined), puzzleHeight(180), puzzleHeight(170), puzzleHeight(10)]).toEqual([
      155, 180, 180, 155,
    ]);
  });

  it('names what makes a drag implausible', () => {
    expect(implausibleTrack(RECORDED, 150)).toBeNull();
    expect(implausibleTrack(straightLine, 150)).toBe('constant_speed');
    expect(implausibleTrack(BOTS['a 30 ms drag'] ?? [], 150)).toBe('too_fast');
    expect(implausibleTrack(BOTS['two points'] ?? [], 150)).toBe('too_few_samples');
    expect(implausibleTrack(BOTS['back and forth'] ?? [], 150)).toBe('not_forward');
    expect(implausibleTrack(BOTS['no wobble at all'] ?? [], 150)).toBe('no_wobble');
    expect(implausibleTrack(RECORDED, 120)).toBe('release_elsewhere');
  });

  it('calls a trail uniform only when every sample is equal', () => {
    expect(isUniformTrail([])).toBe(true);
    expect(isUniformTrail([2, 2, 2])).toBe(true);
    expect(isUniformTrail([2, 2, 3])).toBe(false);
  });

  it('parses a release', () => {
    expect(parseRelease(' 12.5 ', '0, 1,-2')).toEqual({ x: 12.5, trail: [0, 1, -2], track: undefined });
    expect(parseRelease('12', '0', '10,1.5,0; 70,4,-1').track).toEqual([
      { t: 10, x: 1.5, y: 0 },
      { t: 70, x: 4, y: -1 },
    ]);
    expect(() => parseRelease('', '1')).toThrow(/x/);
    expect(() => parseRelease('1', 'a,b')).toThrow(/trail/);
    expect(() => parseRelease('1', Array(2001).fill('1').join(','))).toThrow(/trail/);
  });
});
