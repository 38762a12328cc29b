import type {
  Captcha as CaptchaData,
  LoginResult,
  SlidePuzzle,
  SlidePuzzleTicket,
  TokenStatus,
} from '@lantian/contracts';
import { ErrorCode } from '@lantian/contracts/error-codes';
import { ApiError, callApi } from '../../shared/api/client';
import type { Puzzle, SlideRelease, SlideVerdict } from './SlideVerify';

/**
 * The account calls (spec §7 "Account", packages/contracts/src/accounts.ts). They are signed,
 * form-encoded public-site calls like any other; the session travels in the HttpOnly cookie the
 * server sets, and same-origin fetches pass its cross-site check. Every call is quiet: the dialogs
 * show the spec's own texts (§8), not the site-wide '服务器请求失败'.
 */

const quiet = { quiet: true } as const;

export interface Captcha {
  uuid: string;
  img: string;
}

function dataUrl(base64: string, type: 'jpeg' | 'png'): string {
  return base64.startsWith('data:') ? base64 : `data:image/${type};base64,${base64}`;
}

export async function getCaptcha(): Promise<Captcha> {
  const data = await callApi<CaptchaData>('/api/user/getCaptchaImage', {}, { ...quiet, method: 'GET' });
  return { uuid: data.uuid, img: dataUrl(data.img, 'jpeg') };
}

export async function login(form: {
  username: string;
  password: string;
  verificationCode: string;
  uuid: string;
  remember: boolean;
  /** A slide-puzzle ticket, when the server asked for one (PUZZLE_TICKET_REQUIRED). */
  ticket?: string;
}): Promise<LoginResult> {
  return callApi<LoginResult>('/api/user/login', { ...form, remember: form.remember ? 1 : 0 }, quiet);
}

/** The server wants the slide puzzle before it checks this phone's password again (too many tries). */
export function needsPuzzle(err: unknown): boolean {
  return err instanceof ApiError && err.code === ErrorCode.PUZZLE_TICKET_REQUIRED;
}

export async function getSlidePuzzle(
  options: { height: number; accuracy: number },
  signal: AbortSignal,
): Promise<Puzzle> {
  const data = await callApi<SlidePuzzle>('/api/user/getSlidePuzzle', options, { ...quiet, method: 'GET', signal });
  return {
    uuid: data.uuid,
    background: dataUrl(data.background, 'jpeg'),
    piece: dataUrl(data.piece, 'png'),
    y: data.y,
    pieceSize: data.pieceSize,
  };
}

/** The server's verdict: a ticket, 'again' (right place, too regular a drag) or 'fail'. */
export async function checkSlidePuzzle(release: SlideRelease & { phone: string }): Promise<SlideVerdict> {
  try {
    const data = await callApi<SlidePuzzleTicket>(
      '/api/user/checkSlidePuzzle',
      {
        uuid: release.uuid,
        phone: release.phone,
        x: release.x.toFixed(1),
        trail: release.trail.join(','),
        // The server judges the drag itself (duration, speed, direction, wobble): t,x,y per sample.
        track: release.track.map((s) => `${s.t},${s.x},${s.y}`).join(';'),
      },
      quiet,
    );
    return { status: 'pass', ticket: data.ticket };
  } catch (err) {
    if (err instanceof ApiError && err.code === ErrorCode.PUZZLE_RETRY) return { status: 'again' };
    return { status: 'fail' };
  }
}

export async function sendSmsCode(request: { phone: string; isValidUser: 0 | 1; ticket: string }): Promise<void> {
  await callApi('/api/user/getMessageCodeData', request, quiet);
}

export async function register(form: { phone: string; code: string; password: string }): Promise<void> {
  await callApi('/api/user/register', form, quiet);
}

export async function resetPassword(form: { phone: string; code: string; password: string }): Promise<void> {
  await callApi('/api/user/forgetUpdatePassword', form, quiet);
}

export async function updatePassword(form: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<void> {
  await callApi('/api/user/updatePassword', form, quiet);
}

export async function tokenValid(): Promise<TokenStatus> {
  return callApi<TokenStatus>('/api/user/tokenValid', {}, quiet);
}

export async function logout(): Promise<void> {
  await callApi('/api/user/loginOut', {}, quiet);
}

/**
 * Spec §8 tells "the server answered with a failure" (its message is shown) from "the call failed"
 * (a fixed text): an answer carries a non-zero envelope code.
 */
export function serverMessage(err: unknown): string | null {
  return err instanceof ApiError && err.code !== 0 ? err.message : null;
}
