import multipart from '@fastify/multipart';
import { ErrorCode, PHOTO_LIMITS } from '@lantian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * Multipart uploads (GUIDE §7: explicit size and part limits). `@fastify/multipart` is registered
 * once for the whole application (`registerMultipart` in app.ts); it only installs a parser that
 * marks multipart requests and leaves the body unread. A route that takes files reads the body in
 * its handler with `readMultipart`, under the limits the route states:
 *
 *   route.post('/zhhb/grid/events', { summary: '上报事件（含照片）', consumes: ['multipart/form-data'] },
 *     async (request) => {
 *       const { fields, files } = await readMultipart(request, { limits: PHOTO_UPLOAD_LIMITS, fields: eventForm });
 *       const photos = [];
 *       for (const [i, file] of files.entries()) photos.push(await preparePhoto(file.bytes, { label: `第 ${i + 1} 张照片` }));
 *       return ok(await service.report(fields, photos));
 *     });
 *
 * Such a route declares no `body` schema: the body is not parsed before the handler (request.body
 * is undefined), and the form's text fields are validated by the zod schema given here. Access
 * and CSRF checks run in onRequest on headers alone, before any byte of the body is read; the
 * public-site signature covers the query only, as the body is not there to sign (platform routes
 * are not signed).
 */

export interface MultipartLimits {
  /** Files in the request. */
  files: number;
  /** Bytes of each file. */
  fileBytes: number;
  /** Text fields in the request. */
  fields: number;
  /** Bytes of each text field's value. */
  fieldBytes: number;
  /** Files and fields together; default files + fields. */
  parts?: number;
}

export interface UploadedFile {
  /** The form field the file came in. */
  field: string;
  /** The name on the sender's device, for display only: never a path on ours. */
  filename: string;
  /** The type the sender declared: not evidence of anything (check the bytes). */
  mimetype: string;
  bytes: Buffer;
}

export interface MultipartBody<Fields> {
  fields: Fields;
  files: UploadedFile[];
}

export interface ReadMultipartOptions {
  limits: MultipartLimits;
  /** Form fields that may carry files; a file in any other field is refused. Default: any field. */
  fileFields?: readonly string[];
}

/** A form with photos (grid events, patrols): PHOTO_LIMITS files, and room for the event's text. */
export const PHOTO_UPLOAD_LIMITS: MultipartLimits = {
  files: PHOTO_LIMITS.maxFiles,
  fileBytes: PHOTO_LIMITS.maxBytes,
  fields: 30,
  fieldBytes: 16 * 1024,
};

/**
 * What a request may carry when a handler reads it without stating limits (request.parts() or
 * request.file() directly): one small file. `readMultipart` always states its own.
 */
const GLOBAL_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 16 * 1024,
  fields: 10,
  fileSize: 1024 * 1024,
  files: 1,
  headerPairs: 10,
  parts: 11,
} as const;

/** Room per part for its boundary and headers, in the Content-Length check. */
const PART_OVERHEAD_BYTES = 8 * 1024;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: GLOBAL_LIMITS, throwFileSizeLimit: true });
}

const tooLarge = (msg: string, data?: unknown) =>
  new AppError(ErrorCode.PAYLOAD_TOO_LARGE, msg, data === undefined ? {} : { data });

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} 字节`;
}

/** The library's and busboy's errors in our words; everything the parser throws is about the request. */
function uploadError(err: unknown, limits: MultipartLimits, parts: number): AppError {
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooLarge(`最多上传 ${limits.files} 个文件`, { maxFiles: limits.files });
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(`单个文件不能超过 ${size(limits.fileBytes)}`, { maxBytes: limits.fileBytes });
    case 'FST_FIELDS_LIMIT':
      return tooLarge(`表单字段过多（最多 ${limits.fields} 个）`, { maxFields: limits.fields });
    case 'FST_PARTS_LIMIT':
      return tooLarge(`表单内容过多（最多 ${parts} 项）`, { maxParts: parts });
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(ErrorCode.BAD_REQUEST, '上传中断，请重试', { cause: err });
    default:
      return new AppError(ErrorCode.BAD_REQUEST, '上传内容格式不正确，请重新提交', { cause: err });
  }
}

/** The last segment of the sender's file name, without control characters, at most 200 characters. */
function displayName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return [...base.replace(/[\u0000-\u001f\u007f]/g, '').trim()].slice(0, 200).join('');
}

function checkFields<Fields extends z.ZodType>(schema: Fields, fields: Record<string, string>): z.output<Fields> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(表单)',
    message: issue.message,
  }));
  const first = issues[0];
  const msg = first === undefined ? '参数错误' : `参数错误：${first.field} ${first.message}`;
  throw new AppError(ErrorCode.VALIDATION, msg, { data: { issues } });
}

/**
 * Reads a multipart/form-data request: its text fields (each name once) and its files, each
 * read whole into memory under `limits`. A request over a limit is refused with 413 as soon as
 * the limit is crossed (a declared Content-Length already over the sum of the limits: before
 * reading), one that is not multipart with 415, a malformed one with 400. With a `fields` schema
 * the text fields come back parsed by it (failure: 400 naming the field), else as strings.
 * Files are not checked here: their bytes go to a checker such as `preparePhoto`.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<MultipartBody<Record<string, string>>>;
export async function readMultipart<Fields extends z.ZodType>(
  request: FastifyRequest,
  options: ReadMultipartOptions & { fields: Fields },
): Promise<MultipartBody<z.output<Fields>>>;
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions & { fields?: z.ZodType },
): Promise<MultipartBody<unknown>> {
  if (typeof request.isMultipart !== 'function') {
    throw new Error('readMultipart needs @fastify/multipart: call registerMultipart(app) first');
  }
  if (!request.isMultipart()) {
    throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 格式提交表单和文件');
  }
  const { limits } = options;
  const parts = limits.parts ?? limits.files + limits.fields;
  const declared = Number(request.headers['content-length']);
  const most = limits.files * limits.fileBytes + limits.fields * limits.fieldBytes + parts * PART_OVERHEAD_BYTES;
  if (Number.isFinite(declared) && declared > most) {
    throw tooLarge(`上传内容过大（最多 ${limits.files} 个文件，每个不超过 ${size(limits.fileBytes)}）`);
  }

  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  // Only the parser's own calls are mapped to client errors: a fault of ours stays a 500.
  const parsing = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (err) {
      throw uploadError(err, limits, parts);
    }
  };
  const iterator = request.parts({
    limits: {
      files: limits.files,
      fileSize: limits.fileBytes,
      fields: limits.fields,
      fieldSize: limits.fieldBytes,
      parts,
      fieldNameSize: 100,
      headerPairs: 10,
    },
  });
  try {
    for (;;) {
      const next = await parsing(() => iterator.next());
      if (next.done === true) break;
      const part = next.value;
      if (part.type === 'file') {
        const bytes = await parsing(() => part.toBuffer());
        if (options.fileFields !== undefined && !options.fileFields.includes(part.fieldname)) {
          throw new AppError(ErrorCode.VALIDATION, `参数错误：${part.fieldname} 不接受文件`);
        }
        // Busboy takes an octet-stream part without a file name for a file too (the typings say otherwise).
        const filename: unknown = part.filename;
        const name = typeof filename === 'string' ? displayName(filename) : '';
        // A file input left empty still sends a part, with no name and no bytes.
        if (name === '' && bytes.length === 0) continue;
        files.push({ field: part.fieldname, filename: name, mimetype: part.mimetype, bytes });
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) {
        throw tooLarge(`表单字段 ${part.fieldname} 过长（最多 ${size(limits.fieldBytes)}）`, {
          maxFieldBytes: limits.fieldBytes,
        });
      }
      if (typeof part.value !== 'string') {
        throw new AppError(ErrorCode.VALIDATION, `参数错误：${part.fieldname} 应为文本`);
      }
      if (Object.hasOwn(fields, part.fieldname)) {
        throw new AppError(ErrorCode.VALIDATION, `参数错误：${part.fieldname} 不能重复`);
      }
      fields[part.fieldname] = part.value;
    }
  } finally {
    await iterator.return?.(undefined);
  }
  return { fields: options.fields === undefined ? fields : checkFields(options.fields, fields), files };
}
