import { CMS_IMAGE_LIMITS, ErrorCode } from '@lantian/contracts';
import { sniffImageType } from '@lantian/domain';
import sharp from 'sharp';
import { AppError } from '../../../platform/errors';

/**
 * An uploaded news image as it is stored: the type checked by its bytes (not its name or declared
 * type), the pixel count checked before decoding, turned upright by its EXIF orientation, scaled to
 * at most CMS_IMAGE_LIMITS.longSide and re-encoded by sharp, which writes no metadata (no EXIF, GPS,
 * ICC maker notes or thumbnails) unless asked. A JPEG stays JPEG; PNG, WebP and GIF become WebP
 * (alpha kept; an animated GIF keeps its first frame). The original bytes are never stored.
 */

export interface PreparedImage {
  data: Buffer;
  mime: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

const GIF = /^GIF8[79]a/;

function typeOf(bytes: Buffer): 'jpeg' | 'png' | 'webp' | 'gif' | null {
  if (GIF.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  return sniffImageType(bytes);
}

export async function prepareCmsImage(bytes: Buffer): Promise<PreparedImage> {
  const type = typeOf(bytes);
  if (type === null) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '文件不是 JPG、PNG、WebP 或 GIF 格式的图片', {
      data: { allowed: CMS_IMAGE_LIMITS.types },
    });
  }
  const input = () => sharp(bytes, { limitInputPixels: CMS_IMAGE_LIMITS.maxPixels, failOn: 'error' });
  let meta: { width?: number | undefined; height?: number | undefined };
  try {
    meta = await input().metadata();
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, '图片已损坏或无法识别，请换一张');
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > CMS_IMAGE_LIMITS.maxPixels) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, '图片像素过多（最多 4000 万像素），请缩小后再上传');
  }
  const side = CMS_IMAGE_LIMITS.longSide;
  try {
    const pipeline = input().rotate().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'jpeg'
        ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await pipeline.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    return {
      data: encoded.data,
      mime: type === 'jpeg' ? 'image/jpeg' : 'image/webp',
      width: encoded.info.width,
      height: encoded.info.height,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(ErrorCode.BAD_REQUEST, '图片已损坏或无法识别，请换一张');
  }
}
