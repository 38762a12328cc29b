import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app';
import { dataOf, platformCall } from './platform';

/**
 * Pieces the grid-governance tests share: square boundaries for test grids, and multipart forms as a
 * browser sends them (undici's FormData serialises the body, so the server parses what Chromium would send).
 */

export type Ring = number[][];

/** A closed square ring from its south-west corner and side, in degrees. */
export const square = (west: number, south: number, side: number): Ring => [
  [west, south],
  [west + side, south],
  [west + side, south + side],
  [west, south + side],
  [west, south],
];

/** A GeoJSON Polygon: the outer ring, then its holes. */
export const polygon = (...rings: Ring[]) => ({ type: 'Polygon', coordinates: rings });

export interface FormFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body with text fields and files in the field `photos`. */
export async function multipart(
  fields: Record<string, string>,
  photos: readonly FormFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const photo of photos) {
    form.append('photos', new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? 'image/jpeg' }), photo.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** POST /adm/event/report as an operator holding `token`, with photos if any. */
export async function reportEvent(
  app: TestApp,
  token: string,
  fields: Record<string, string>,
  photos: readonly FormFile[] = [],
): Promise<LightMyRequestResponse> {
  const body = await multipart(fields, photos);
  return app.server.inject({
    method: 'POST',
    url: '/adm/event/report',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

/** POST /adm/grid/save as an operator holding `token` (grid:manage); the saved grid's code. */
export async function saveGrid(app: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  return dataOf<{ gridCode: string }>(await platformCall(app, { url: '/adm/grid/save', token, body })).gridCode;
}
