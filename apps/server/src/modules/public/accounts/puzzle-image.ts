import { SLIDE_PUZZLE } from '@lantian/contracts';
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Draws a slide puzzle (spec §3 "Slide-verify props"): a generated landscape with a piece-shaped
 * hole, and the piece cut from the same picture. The shape is the classic one of the slide-verify
 * widget: a 42 px square with a round bump on top and on the right and a round notch on the left.
 */

const { blockSize: l, radius: r, pieceSize } = SLIDE_PUZZLE;
/** Where the square of the shape sits inside the piece image (room for the top bump above it). */
export const PIECE_OFFSET = { x: 1, y: 2 * r - 1 } as const;

const between = (min: number, max: number) => min + Math.random() * (max - min);

function shapePath(ctx: SKRSContext2D, x: number, y: number) {
  const { PI } = Math;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.arc(x + l / 2, y - r + 2, r, 0.72 * PI, 2.26 * PI);
  ctx.lineTo(x + l, y);
  ctx.arc(x + l + r - 2, y + l / 2, r, 1.21 * PI, 2.78 * PI);
  ctx.lineTo(x + l, y + l);
  ctx.lineTo(x, y + l);
  ctx.arc(x + r - 2, y + l / 2, r + 0.4, 2.76 * PI, 1.24 * PI, true);
  ctx.lineTo(x, y);
  ctx.closePath();
}

function landscape(width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const hue = between(0, 360);
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, `hsl(${hue}, 60%, ${between(55, 70)}%)`);
  sky.addColorStop(1, `hsl(${(hue + 40) % 360}, 70%, ${between(80, 90)}%)`);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);

  ctx.fillStyle = `hsla(${between(30, 60)}, 90%, 70%, 0.9)`;
  ctx.beginPath();
  ctx.arc(between(20, width - 20), between(15, height / 3), between(12, 24), 0, Math.PI * 2);
  ctx.fill();

  // Hills, back to front, each darker: texture everywhere, so the hole can hide nowhere.
  for (let layer = 0; layer < 4; layer++) {
    const base = height * (0.35 + layer * 0.17);
    ctx.fillStyle = `hsl(${(hue + 90 + layer * 25) % 360}, ${between(35, 60)}%, ${60 - layer * 11}%)`;
    ctx.beginPath();
    ctx.moveTo(0, height);
    ctx.lineTo(0, base);
    for (let x = 0; x <= width; x += width / 6) {
      ctx.quadraticCurveTo(x + width / 12, base + between(-height * 0.25, height * 0.1), x + width / 6, base);
    }
    ctx.lineTo(width, height);
    ctx.closePath();
    ctx.fill();
  }
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = `hsla(${between(0, 360)}, 70%, ${between(30, 80)}%, ${between(0.25, 0.6)})`;
    ctx.beginPath();
    ctx.arc(between(0, width), between(0, height), between(2, 9), 0, Math.PI * 2);
    ctx.fill();
  }
  return canvas;
}

export interface PuzzleImages {
  /** JPEG of the picture with the hole. */
  background: Buffer;
  /** PNG of the piece, pieceSize × pieceSize, transparent around the shape. */
  piece: Buffer;
}

/** `x`, `y`: the top-left corner of the piece image when it sits in the hole. */
export async function drawPuzzle(width: number, height: number, x: number, y: number): Promise<PuzzleImages> {
  const picture = landscape(width, height);
  const sx = x + PIECE_OFFSET.x;
  const sy = y + PIECE_OFFSET.y;

  const pieceCanvas = createCanvas(pieceSize, pieceSize);
  const piece = pieceCanvas.getContext('2d');
  shapePath(piece, PIECE_OFFSET.x, PIECE_OFFSET.y);
  piece.save();
  piece.clip();
  piece.drawImage(picture, -x, -y);
  piece.restore();
  shapePath(piece, PIECE_OFFSET.x, PIECE_OFFSET.y);
  piece.lineWidth = 2;
  piece.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  piece.stroke();

  const ctx = picture.getContext('2d');
  shapePath(ctx, sx, sy);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)';
  ctx.stroke();

  const [background, pieceImage] = await Promise.all([picture.encode('jpeg', 85), pieceCanvas.encode('png')]);
  return { background, piece: pieceImage };
}
