import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PHOTO_UPLOAD_LIMITS, readMultipart } from './multipart';
import { type PreparedPhoto, preparePhoto } from './photos';

export interface FormPhoto extends PreparedPhoto {
  /** The name on the sender's device (display only). */
  name: string;
}

/**
 * A form with photos in the field `photos` (grid events, patrol finds): the fields parsed by
 * `schema`, every photo checked and re-encoded before the caller writes anything — so a bad photo
 * refuses the whole form and nothing is half-written.
 */
export async function readPhotoForm<Fields extends z.ZodType>(
  request: FastifyRequest,
  schema: Fields,
): Promise<{ fields: z.output<Fields>; photos: FormPhoto[] }> {
  const body = await readMultipart(request, { limits: PHOTO_UPLOAD_LIMITS, fileFields: ['photos'], fields: schema });
  const photos: FormPhoto[] = [];
  for (const [i, file] of body.files.entries()) {
    photos.push({ ...(await preparePhoto(file.bytes, { label: `第 ${i + 1} 张照片` })), name: file.filename });
  }
  return { fields: body.fields, photos };
}
