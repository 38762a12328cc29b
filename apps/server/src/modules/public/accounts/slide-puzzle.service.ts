import { randomInt } from 'node:crypto';
import { ErrorCode, SLIDE_PUZZLE, type SlidePuzzle, type SlidePuzzleTicket } from '@lantian/contracts';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { ID_PATTERN, randomId, randomToken, sha256 } from '../../../platform/security/secrets';
import type { SharedState } from '../../../platform/state';
import { drawPuzzle } from './puzzle-image';

/** A puzzle can be answered for 2 minutes; its ticket then lasts 2 minutes (GUIDE.md §7). */
export const PUZZLE_TTL_MS = 2 * 60_000;
export const TICKET_TTL_MS = 2 * 60_000;
/** Trail samples and their size accepted from a client (a drag of a few seconds at 50 ms is ~100). */
const MAX_TRAIL_SAMPLES = 2000;
const MAX_TRAIL_VALUE = 10_000;

const puzzleKey = (uuid: string) => `puzzle:${uuid}`;
const ticketKey = (ticket: string) => `puzzle-ticket:${sha256(ticket)}`;

const storedPuzzle = z.object({ x: z.number(), tolerance: z.number() });

/** Spec §4 "Slide-verify": tolerance clamped between 1 and 10, default 5. */
export function clampTolerance(accuracy: number | undefined): number {
  if (accuracy === undefined || !Number.isFinite(accuracy)) return SLIDE_PUZZLE.defaultAccuracy;
  return Math.min(SLIDE_PUZZLE.maxAccuracy, Math.max(SLIDE_PUZZLE.minAccuracy, Math.round(accuracy)));
}

/** 155 unless 180 (the login dialog) is asked for; other heights get the nearer of the two. */
export function puzzleHeight(height: number | undefined): number {
  if (height === undefined || !Number.isFinite(height)) return SLIDE_PUZZLE.defaultHeight;
  return Math.abs(height - 180) < Math.abs(height - 155) ? 180 : 155;
}

/**
 * Spec §4: a human drag wobbles vertically; a trail whose samples all equal each other (standard
 * deviation 0, including an empty trail) is a script's.
 */
export function isUniformTrail(trail: readonly number[]): boolean {
  if (trail.length === 0) return true;
  const mean = trail.reduce((a, b) => a + b, 0) / trail.length;
  const variance = trail.reduce((a, b) => a + (b - mean) ** 2, 0) / trail.length;
  return Math.sqrt(variance) === 0;
}

/** The release position and trail of a form, or a 400 naming the field. */
export function parseRelease(xText: string, trailText: string): { x: number; trail: number[] } {
  const x = Number(xText.trim());
  if (xText.trim() === '' || !Number.isFinite(x)) {
    throw new AppError(ErrorCode.VALIDATION, '参数错误：x 应为数字（拼图块的横向位置）');
  }
  const parts = trailText.trim() === '' ? [] : trailText.split(',');
  const trail = parts.map((p) => Number(p.trim()));
  if (
    parts.length > MAX_TRAIL_SAMPLES ||
    trail.some((v, i) => parts[i]?.trim() === '' || !Number.isFinite(v) || Math.abs(v) > MAX_TRAIL_VALUE)
  ) {
    throw new AppError(ErrorCode.VALIDATION, `参数错误：trail 应为逗号分隔的数字（最多 ${MAX_TRAIL_SAMPLES} 个）`);
  }
  return { x, trail };
}

/**
 * The slide puzzle, judged on the server: the hole's position never leaves it; a release within
 * tolerance with a human-looking trail earns a single-use ticket bound to the phone, which
 * getMessageCodeData requires. Every check uses the puzzle up, so guessing means new puzzles.
 */
export class SlidePuzzleService {
  constructor(
    private readonly state: SharedState,
    /** TEST_PUZZLE_X: every hole at this x (never in production; config refuses it). */
    private readonly fixedX?: number,
  ) {}

  async create(options: { height?: number | undefined; accuracy?: number | undefined }): Promise<SlidePuzzle> {
    const width = SLIDE_PUZZLE.width;
    const height = puzzleHeight(options.height);
    const tolerance = clampTolerance(options.accuracy);
    const { pieceSize } = SLIDE_PUZZLE;
    const x = this.fixedX ?? randomInt(SLIDE_PUZZLE.minX, SLIDE_PUZZLE.maxX + 1);
    // The whole piece image inside the picture, 10 px clear of the top and bottom.
    const y = randomInt(10, height - pieceSize - 10 + 1);
    const uuid = randomId();
    const images = await drawPuzzle(width, height, x, y);
    await this.state.set(puzzleKey(uuid), JSON.stringify({ x, tolerance }), PUZZLE_TTL_MS);
    return {
      uuid,
      background: images.background.toString('base64'),
      piece: images.piece.toString('base64'),
      y,
      width,
      height,
      pieceSize,
      expiresInSeconds: PUZZLE_TTL_MS / 1000,
    };
  }

  /** Judges a release; the puzzle is used up whatever the verdict. */
  async check(input: { uuid: string; phone: string; x: number; trail: readonly number[] }): Promise<SlidePuzzleTicket> {
    const raw = ID_PATTERN.test(input.uuid) ? await this.state.take(puzzleKey(input.uuid)) : null;
    if (raw === null) throw new AppError(ErrorCode.PUZZLE_MISMATCH, '验证已过期，请刷新后重试');
    const puzzle = storedPuzzle.parse(JSON.parse(raw));
    if (Math.abs(input.x - puzzle.x) > puzzle.tolerance) {
      throw new AppError(ErrorCode.PUZZLE_MISMATCH, '验证失败，请重试');
    }
    if (isUniformTrail(input.trail)) throw new AppError(ErrorCode.PUZZLE_RETRY, '请再试一次');
    const ticket = randomToken();
    await this.state.set(ticketKey(ticket), input.phone, TICKET_TTL_MS);
    return { ticket, expiresInSeconds: TICKET_TTL_MS / 1000 };
  }

  /** True when the ticket is live and was issued for this phone; it is spent either way. */
  async spendTicket(ticket: string, phone: string): Promise<boolean> {
    if (ticket.length > 128) return false;
    const boundTo = await this.state.take(ticketKey(ticket));
    return boundTo !== null && boundTo === phone;
  }
}
