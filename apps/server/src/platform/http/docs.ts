import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ApiTag } from '../module';
import { markRoutesPublic } from './access';

export const DOCS_PATH = '/api/docs';

/**
 * OpenAPI generated from the routes' zod schemas; the browsable UI at /api/docs, JSON at /api/docs/json.
 * `tags` are the modules' tags with their descriptions, in registry order.
 */
export async function registerApiDocs(app: FastifyInstance, version: string, tags: readonly ApiTag[]) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '蓝天 Lantian API',
        description:
          '全国空气质量、监测站点与城市气象数据接口。所有 JSON 响应都包在 `{ code, msg, data }` 中：`code` 为 0 表示成功，其他值见错误码表。',
        version,
      },
      tags: [...tags],
    },
    transform: jsonSchemaTransform,
    // Schemas named with an `id` (the recursive ones: a tree cannot be written inline) become components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifySwaggerUi, {
      routePrefix: DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // Our own CSP (security.ts) already covers the UI: scripts from self, inline styles allowed.
      staticCSP: false,
    });
  });
}
