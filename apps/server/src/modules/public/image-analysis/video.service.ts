import { ErrorCode, VIDEO_LIMITS } from '@lantian/contracts';
import { readImageSize, sniffImageType } from '@lantian/domain';
import sharp from 'sharp';
import { AppError, unavailable } from '../../../platform/errors';
import { encodeMp4, VideoEncodeError } from '../../../platform/media/mp4';
import type { UploadedFile } from '../../../platform/uploads/multipart';

/**
 * POST /api/createVideo: the frames a visitor's player shows, in order, made into an H.264 MP4.
 * Every file is judged by its bytes (PNG or JPEG signature, the header's size) and then decoded whole,
 * so a renamed text file or a truncated picture is refused with the number of the frame at fault
 * before anything is encoded. Frames are brought to the first frame's size (letterboxed on white,
 * transparency flattened on white). Nothing is written to disk: the frames and the video live in
 * memory for the request only, so a refused or failed request leaves nothing behind.
 */

/** Encodes at once in this process; more are refused with 503 and Retry-After (each takes a core). */
const MAX_CONCURRENT = 2;
/** The video's longer side at most (frames larger are scaled down). */
const MAX_VIDEO_SIDE = 1920;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export interface VideoRequest {
  key: string;
  fps: number;
  files: readonly UploadedFile[];
}

export interface Video {
  mp4: Buffer;
  /** A file name for the download, from the key. */
  fileName: string;
  frames: number;
}

/** The key as a file name: letters, digits, CJK, '-', '_' and '.' kept, anything else '_'. */
export function videoFileName(key: string): string {
  const safe = key
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 80);
  return `${safe === '' ? 'video' : safe}.mp4`;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export class VideoMaker {
  private running = 0;

  async make(request: VideoRequest): Promise<Video> {
    const { files } = request;
    if (files.length === 0) throw new AppError(ErrorCode.VALIDATION, '参数错误：files 请至少上传 1 帧图像');
    if (files.length > VIDEO_LIMITS.maxFiles) {
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `最多上传 ${VIDEO_LIMITS.maxFiles} 帧图像`, {
        data: { maxFiles: VIDEO_LIMITS.maxFiles },
      });
    }
    const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
    if (total > VIDEO_LIMITS.maxTotalBytes) {
      throw new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `上传的图像合计不能超过 ${megabytes(VIDEO_LIMITS.maxTotalBytes)}`,
        {
          data: { maxTotalBytes: VIDEO_LIMITS.maxTotalBytes },
        },
      );
    }
    // Judged by the headers first, all of them, before any decoding: a bad 200th frame costs no work.
    const sizes = files.map((file, i) => checkHeader(file, i));
    const first = sizes[0] ?? { width: 2, height: 2 };
    const scale = Math.min(1, MAX_VIDEO_SIDE / Math.max(first.width, first.height));
    const width = even(first.width * scale);
    const height = even(first.height * scale);

    if (this.running >= MAX_CONCURRENT) throw unavailable('视频生成繁忙，请稍后再试', 10);
    this.running++;
    try {
      const frames: Buffer[] = [];
      for (const [i, file] of files.entries()) frames.push(await normalise(file.bytes, i, width, height));
      let mp4: Buffer;
      try {
        mp4 = await encodeMp4(frames, { fps: request.fps, timeoutMs: 120_000 });
      } catch (error) {
        if (error instanceof VideoEncodeError)
          throw new AppError(ErrorCode.INTERNAL, '视频编码失败，请稍后重试', { cause: error });
        throw error;
      }
      return { mp4, fileName: videoFileName(request.key), frames: frames.length };
    } finally {
      this.running--;
    }
  }
}

const frameLabel = (i: number) => `第 ${i + 1} 帧`;

function checkHeader(file: UploadedFile, i: number): { width: number; height: number } {
  const label = `${frameLabel(i)}（${file.filename || '未命名'}）`;
  if (file.bytes.length > VIDEO_LIMITS.maxFileBytes) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${label}超过 ${megabytes(VIDEO_LIMITS.maxFileBytes)}`, {
      data: { maxFileBytes: VIDEO_LIMITS.maxFileBytes, frame: i + 1 },
    });
  }
  const type = sniffImageType(file.bytes);
  if (type !== 'png' && type !== 'jpeg') {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `${label}不是 PNG 或 JPEG 图像`, {
      data: { frame: i + 1, types: ['image/png', 'image/jpeg'] },
    });
  }
  const size = readImageSize(file.bytes);
  if (size === null || size.width < 1 || size.height < 1) {
    throw new AppError(ErrorCode.BAD_REQUEST, `${label}已损坏，无法读取图像尺寸`, { data: { frame: i + 1 } });
  }
  if (size.width > VIDEO_LIMITS.maxSide || size.height > VIDEO_LIMITS.maxSide) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `${label}尺寸过大（最长边不能超过 ${VIDEO_LIMITS.maxSide} 像素）`, {
      data: { maxSide: VIDEO_LIMITS.maxSide, frame: i + 1 },
    });
  }
  return size;
}

/** One frame decoded whole, flattened on white and letterboxed to the video's size, as a JPEG for ffmpeg. */
async function normalise(bytes: Buffer, i: number, width: number, height: number): Promise<Buffer> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: VIDEO_LIMITS.maxSide * VIDEO_LIMITS.maxSide })
      .flatten({ background: '#ffffff' })
      .resize(width, height, { fit: 'contain', background: '#ffffff' })
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch (error) {
    throw new AppError(ErrorCode.BAD_REQUEST, `${frameLabel(i)}已损坏或不完整，无法解码`, {
      cause: error,
      data: { frame: i + 1 },
    });
  }
}
