import { ErrorCode, imageFrameListResponse, VIDEO_LIMITS } from '@lantian/contracts';
import { AppError } from '../../../platform/errors';
import { matchesIfNoneMatch } from '../../../platform/http/http-cache';
import { type ApiApp, ok, routesOf } from '../../../platform/http/routes';
import { readMultipart } from '../../../platform/uploads/multipart';
import { FRAME_PATH } from './frame-names';
import type { ImageFrames } from './frames.service';
import { frameParams, imageListQuery, videoFields } from './image-analysis.schemas';
import type { ImageAnalysisSettings } from './image-analysis.settings';
import type { VideoMaker } from './video.service';

/** A frame of a past hour changes only when that hour is revised: browsers keep it ten minutes, then revalidate. */
const FRAME_MAX_AGE_SECONDS = 600;
/** Room for the multipart boundaries, part headers and the text fields, over the files' bytes. */
const FORM_OVERHEAD_BYTES = VIDEO_LIMITS.maxFiles * 1024 + 64 * 1024;

export function imageAnalysisRoutes(frames: ImageFrames, videos: VideoMaker, settings: ImageAnalysisSettings) {
  return (app: ApiApp) => {
    const route = routesOf(app, { tags: ['image-analysis'], access: 'public', signed: true });

    route.get(
      '/api/common/getRgbaImageNameList',
      {
        summary: '污染物空间插值图（RGBA PNG）的帧列表',
        description:
          '站点小时值经反距离权重插值（IDW）绘制的全国、省或地市污染物分布图，按等级着色并裁剪到区域轮廓。返回截止 time 的 mode 时段内有监测数据的时次，每帧给出文件名、时次与图像地址（按需绘制并缓存）。',
        query: imageListQuery,
        response: imageFrameListResponse,
      },
      async ({ query }) => ok(await frames.list(query)),
    );

    // Loaded by browsers in <img> and by the video export: browsers cannot sign.
    route.get(
      `${FRAME_PATH}/:name`,
      {
        summary: '污染物空间插值图（PNG，透明背景）',
        description:
          '文件名见 getRgbaImageNameList：{污染物}_{区划代码}_{YYYYMMDDHH}.png。首次请求时绘制，其后由缓存返回；名称格式错误 400，该时次无数据 404。支持 ETag。',
        params: frameParams,
        signed: false,
      },
      async (request, reply) => {
        const started = performance.now();
        const frame = await frames.frame(request.params.name);
        const { etag } = frame;
        reply
          .header('etag', etag)
          .header('cache-control', `public, max-age=${FRAME_MAX_AGE_SECONDS}`)
          .header('x-frame-cache', frame.drawn ? 'miss' : 'hit')
          .header('server-timing', `frame;dur=${(performance.now() - started).toFixed(1)}`);
        const given = request.headers['if-none-match'];
        if (matchesIfNoneMatch(typeof given === 'string' ? given : undefined, etag)) return reply.code(304).send();
        return reply.header('content-type', 'image/png').send(frame.png);
      },
    );

    route.post(
      '/api/createVideo',
      {
        summary: '由图像帧生成视频（MP4，H.264）',
        description: `multipart/form-data：files 为按顺序排列的帧（PNG 或 JPEG，至多 ${VIDEO_LIMITS.maxFiles} 帧，每帧不超过 ${VIDEO_LIMITS.maxFileBytes / 1024 / 1024} MB，合计不超过 ${VIDEO_LIMITS.maxTotalBytes / 1024 / 1024} MB），key 为视频名称，可选 fps。返回 MP4 文件（附件）。签名只覆盖查询串（表单内容不参与签名）。`,
        consumes: ['multipart/form-data'],
        rateLimit: { name: 'create-video', ...settings.videoRateLimit },
      },
      async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (!Number.isFinite(declared)) {
          throw new AppError(ErrorCode.BAD_REQUEST, '请求缺少 Content-Length，请直接上传表单');
        }
        if (declared > VIDEO_LIMITS.maxTotalBytes + FORM_OVERHEAD_BYTES) {
          throw new AppError(
            ErrorCode.PAYLOAD_TOO_LARGE,
            `上传的图像合计不能超过 ${VIDEO_LIMITS.maxTotalBytes / 1024 / 1024} MB`,
            { data: { maxTotalBytes: VIDEO_LIMITS.maxTotalBytes } },
          );
        }
        const body = await readMultipart(request, {
          limits: { files: VIDEO_LIMITS.maxFiles, fileBytes: VIDEO_LIMITS.maxFileBytes, fields: 4, fieldBytes: 1024 },
          fileFields: ['files'],
          fields: videoFields,
        });
        const video = await videos.make({
          key: body.fields.key,
          fps: body.fields.fps ?? VIDEO_LIMITS.defaultFps,
          files: body.files,
        });
        return reply
          .header('content-type', 'video/mp4')
          .header(
            'content-disposition',
            `attachment; filename="video.mp4"; filename*=UTF-8''${encodeURIComponent(video.fileName)}`,
          )
          .header('cache-control', 'no-store')
          .header('x-video-frames', String(video.frames))
          .send(video.mp4);
      },
    );
  };
}
