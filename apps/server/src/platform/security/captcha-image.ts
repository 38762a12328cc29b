import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * Draws captcha text as a JPEG: stroke glyphs (no font needed, so it looks the same on any machine),
 * each turned, scaled and coloured at random, the whole picture bent by a sine wave, then crossed by
 * curves and speckled with dots.
 */

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

type Stroke = ReadonlyArray<readonly [number, number]>;

/** Polylines on a 4 × 6 grid, one entry per character of CAPTCHA_ALPHABET. */
const GLYPHS: Readonly<Record<string, readonly Stroke[]>> = {
  '2': [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  '3': [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  '4': [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  '6': [
    [
      [4, 0],
      [2, 0],
      [0, 2],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [1, 3],
      [0, 4],
    ],
  ],
  '7': [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  '8': [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [1, 3.5],
      [3, 3.5],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [2.5, 6],
      [4, 4.5],
      [4, 1.5],
      [2.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  J: [
    [
      [1, 0],
      [4, 0],
    ],
    [
      [3, 0],
      [3, 5],
      [2, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.2, 2.8],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
};

export const GLYPH_CHARACTERS = Object.keys(GLYPHS).join('');

/** A uniform random number in [min, max); Math.random is enough for pictures (the text itself is CSPRNG). */
const between = (min: number, max: number) => min + Math.random() * (max - min);

const colour = (lightness: [number, number], alpha = 1) =>
  `hsla(${Math.floor(between(0, 360))}, ${Math.floor(between(45, 85))}%, ${Math.floor(between(...lightness))}%, ${alpha})`;

function drawGlyph(ctx: SKRSContext2D, strokes: readonly Stroke[]) {
  ctx.beginPath();
  for (const stroke of strokes) {
    stroke.forEach(([x, y], i) => {
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
  }
  ctx.stroke();
}

/** Shifts each column up or down along a sine wave. */
function bend(ctx: SKRSContext2D, width: number, height: number) {
  const source = ctx.getImageData(0, 0, width, height);
  const target = ctx.createImageData(width, height);
  const amplitude = between(2, 4);
  const period = between(40, 80);
  const phase = between(0, Math.PI * 2);
  for (let x = 0; x < width; x++) {
    const shift = Math.round(amplitude * Math.sin((x / period) * Math.PI * 2 + phase));
    for (let y = 0; y < height; y++) {
      const from = Math.min(height - 1, Math.max(0, y + shift));
      const s = (from * width + x) * 4;
      const t = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) target.data[t + c] = source.data[s + c] ?? 255;
    }
  }
  ctx.putImageData(target, 0, 0);
}

export async function drawCaptcha(text: string): Promise<Buffer> {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const background = ctx.createLinearGradient(0, 0, width, height);
  background.addColorStop(0, colour([88, 96]));
  background.addColorStop(1, colour([88, 96]));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);

  const cell = width / text.length;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  [...text].forEach((char, i) => {
    const strokes = GLYPHS[char];
    if (strokes === undefined) throw new Error(`no captcha glyph for ${JSON.stringify(char)}`);
    const scale = between(3.5, 4.2);
    ctx.save();
    ctx.translate(cell * i + cell / 2 + between(-3, 3), height / 2 + between(-3, 3));
    ctx.rotate(between(-0.4, 0.4));
    ctx.transform(1, 0, between(-0.25, 0.25), 1, 0, 0);
    ctx.scale(scale * between(0.85, 1.15), scale);
    ctx.translate(-2, -3);
    ctx.strokeStyle = colour([18, 42]);
    ctx.lineWidth = between(0.55, 0.75);
    drawGlyph(ctx, strokes);
    ctx.restore();
  });
  bend(ctx, width, height);

  for (let i = 0; i < 4; i++) {
    ctx.strokeStyle = colour([30, 70], 0.8);
    ctx.lineWidth = between(1, 2);
    ctx.beginPath();
    ctx.moveTo(between(0, width / 4), between(0, height));
    ctx.bezierCurveTo(
      between(0, width),
      between(0, height),
      between(0, width),
      between(0, height),
      between((width * 3) / 4, width),
      between(0, height),
    );
    ctx.stroke();
  }
  for (let i = 0; i < 120; i++) {
    ctx.fillStyle = colour([20, 80], 0.9);
    ctx.fillRect(between(0, width), between(0, height), 1.5, 1.5);
  }
  return canvas.encode('jpeg', 80);
}
