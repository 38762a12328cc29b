import { ErrorCode } from '@lantian/contracts';
import { createCanvas } from '@napi-rs/canvas';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/app';
import { ok, routesOf } from '../http/routes';
import { type MultipartLimits, readMultipart } from './multipart';
import { preparePhoto } from './photos';

const SMALL: MultipartLimits = { files: 2, fileBytes: 1000, fields: 3, fieldBytes: 50 };

const eventForm = z.object({
  title: z.string().trim().min(1, '不能为空'),
  level: z.coerce.number().int().min(1).max(3),
});

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    configure: ({ server }) => {
      const route = routesOf(server.withTypeProvider<ZodTypeProvider>(), {
        tags: ['probe'],
        access: 'public',
        signed: false,
        consumes: ['multipart/form-data'],
      });
      route.post('/api/probe/upload', { summary: '上传探针' }, async (request) => {
        const { fields, files } = await readMultipart(request, { limits: SMALL });
        return ok({
          fields,
          files: files.map((f) => ({ ...f, bytes: f.bytes.toString('latin1') })),
        });
      });
      route.post('/api/probe/event', { summary: '上报探针' }, async (request) => {
        const { fields, files } = await readMultipart(request, {
          limits: SMALL,
          fields: eventForm,
          fileFields: ['photos'],
        });
        return ok({ title: fields.title, level: fields.level, files: files.length });
      });
      route.post('/api/probe/photo', { summary: '照片探针' }, async (request) => {
        const { files } = await readMultipart(request, {
          limits: { files: 1, fileBytes: 2 * 1024 * 1024, fields: 0, fieldBytes: 0 },
        });
        const [file] = files;
        if (file === undefined) return ok(null);
        const photo = await preparePhoto(file.bytes, { label: file.filename });
        return ok({
          width: photo.width,
          height: photo.height,
          lon: photo.lon,
          lat: photo.lat,
          bytes: photo.jpeg.length,
        });
      });
      route.post('/api/probe/json', { summary: 'JSON 探针', body: z.object({ name: z.string() }) }, async ({ body }) =>
        ok(body.name),
      );
      route.post('/api/probe/members-upload', { summary: '需登录的上传', access: 'operator:grid' }, async (request) =>
        ok((await readMultipart(request, { limits: SMALL })).files.length),
      );
    },
  });
});
afterAll(async () => {
  await app.close();
});

/** A multipart body as a browser sends it, serialized by undici's FormData. */
async function encode(form: FormData): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

async function post(url: string, form: FormData) {
  return app.server.inject({ method: 'POST', url, ...(await encode(form)) });
}

const file = (text: string, type = 'application/octet-stream') => new Blob([text], { type });

describe('readMultipart', () => {
  it('reads text fields and files', async () => {
    const form = new FormData();
    form.append('title', '烟囱冒黑烟');
    form.append('photos', file('\xff\xd8\xffabc', 'image/jpeg'), 'IMG_0001.jpg');
    form.append('photos', file('second'), '../../etc/passwd');
    const res = await post('/api/probe/upload', form);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      fields: { title: '烟囱冒黑烟' },
      files: [
        {
          field: 'photos',
          filename: 'IMG_0001.jpg',
          mimetype: 'image/jpeg',
          bytes: Buffer.from('\xff\xd8\xffabc', 'utf8').toString('latin1'),
        },
        // The sender's path is dropped: the name is for display.
        { field: 'photos', filename: 'passwd', mimetype: 'application/octet-stream', bytes: 'second' },
      ],
    });
  });

  it('parses the fields with the route’s zod schema, and names a bad field (400)', async () => {
    const good = new FormData();
    good.append('title', ' 扬尘 ');
    good.append('level', '2');
    good.append('photos', file('x'), 'a.jpg');
    const res = await post('/api/probe/event', good);
    expect(res.json()).toEqual({ code: 0, msg: '成功', data: { title: '扬尘', level: 2, files: 1 } });

    const bad = new FormData();
    bad.append('title', '扬尘');
    bad.append('level', '7');
    const refused = await post('/api/probe/event', bad);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: ErrorCode.VALIDATION, data: { issues: [{ field: 'level' }] } });
    expect(refused.json().msg).toMatch(/^参数错误：level /);
  });

  it('refuses a repeated field, a file in a text field, and skips an empty file input', async () => {
    const twice = new FormData();
    twice.append('title', 'a');
    twice.append('title', 'b');
    expect((await post('/api/probe/upload', twice)).json()).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: '参数错误：title 不能重复',
    });

    const misplaced = new FormData();
    misplaced.append('title', file('x'), 'x.jpg');
    const res = await post('/api/probe/event', misplaced);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数错误：title 不接受文件');

    // A file input left empty: a browser sends filename="", undici no file name at all.
    const browser = await app.server.inject({
      method: 'POST',
      url: '/api/probe/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: [
        '--b',
        'Content-Disposition: form-data; name="title"',
        '',
        '无照片',
        '--b',
        'Content-Disposition: form-data; name="photos"; filename=""',
        'Content-Type: application/octet-stream',
        '',
        '',
        '--b--',
        '',
      ].join('\r\n'),
    });
    expect(browser.json().data).toEqual({ fields: { title: '无照片' }, files: [] });
    const empty = new FormData();
    empty.append('title', '无照片');
    empty.append('photos', new Blob([]), '');
    expect((await post('/api/probe/upload', empty)).json().data).toEqual({ fields: { title: '无照片' }, files: [] });
  });

  it('answers 413 with a Chinese message for each limit crossed', async () => {
    const cases: Array<[string, (form: FormData) => void, string]> = [
      [
        'files',
        (f) => {
          for (let i = 0; i < 3; i++) f.append('photos', file('x'), `${i}.jpg`);
        },
        '最多上传 2 个文件',
      ],
      ['file size', (f) => f.append('photos', file('x'.repeat(1001)), 'big.jpg'), '单个文件不能超过 1000 字节'],
      ['field size', (f) => f.append('title', '长'.repeat(40)), '表单字段 title 过长（最多 50 字节）'],
      [
        'fields',
        (f) => {
          for (let i = 0; i < 4; i++) f.append(`f${i}`, 'v');
        },
        '表单字段过多（最多 3 个）',
      ],
    ];
    for (const [name, fill, msg] of cases) {
      const form = new FormData();
      fill(form);
      const res = await post('/api/probe/upload', form);
      expect(res.statusCode, name).toBe(413);
      expect(res.json(), name).toMatchObject({ code: ErrorCode.PAYLOAD_TOO_LARGE, msg });
    }
  });

  it('refuses a declared Content-Length over the route’s limits before reading the body', async () => {
    const form = new FormData();
    form.append('title', 'x');
    const { headers, payload } = await encode(form);
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/probe/upload',
      headers: { ...headers, 'content-length': String(100 * 1024 * 1024) },
      payload: payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const json = await app.server.inject({ method: 'POST', url: '/api/probe/upload', payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      msg: '请以 multipart/form-data 格式提交表单和文件',
    });
    const form = await app.server.inject({
      method: 'POST',
      url: '/api/probe/upload',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=x',
    });
    expect(form.statusCode).toBe(415);
  });

  it('answers 400 for a malformed multipart body', async () => {
    const boundary = '----lantian';
    const cases = [
      // Cut off in the middle of a part.
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc`,
      // A part without its headers' end.
      `--${boundary}\r\nContent-Disposition: form-data; name="title"`,
    ];
    for (const payload of cases) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/probe/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '上传内容格式不正确，请重新提交' });
    }
    const noBoundary = await app.server.inject({
      method: 'POST',
      url: '/api/probe/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('leaves other routes as they were: a zod body route refuses a multipart body with 400', async () => {
    const form = new FormData();
    form.append('name', 'x');
    const res = await post('/api/probe/json', form);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.VALIDATION);
  });

  it('checks access before reading the body', async () => {
    const form = new FormData();
    form.append('photos', file('x'.repeat(5000)), 'big.jpg');
    const res = await post('/api/probe/members-upload', form);
    expect(res.statusCode).toBe(401);
  });

  it('carries a photo from the form to preparePhoto', async () => {
    const canvas = createCanvas(300, 200);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#2a6';
    ctx.fillRect(0, 0, 300, 200);
    const form = new FormData();
    form.append('photo', new Blob([await canvas.encode('png')], { type: 'image/png' }), 'site.png');
    const res = await post('/api/probe/photo', form);
    expect(res.json()).toMatchObject({ code: 0, data: { width: 300, height: 200, lon: null, lat: null } });

    const renamed = new FormData();
    renamed.append('photo', file('#!/bin/sh\nrm -rf /\n', 'image/jpeg'), 'photo.jpg');
    const refused = await post('/api/probe/photo', renamed);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      msg: 'photo.jpg不是 JPG、PNG 或 WebP 格式的图片',
      data: { types: ['image/jpeg', 'image/png', 'image/webp'] },
    });
  });
});
