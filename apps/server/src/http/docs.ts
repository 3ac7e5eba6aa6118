import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI from the same zod schemas that validate requests: JSON at /api/docs/json, UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hearth API',
        description:
          'The server behind the web app. Errors answer `{ message }` with a sentence a person can read. ' +
          'Authenticated calls send `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // As for the app: upgrading would break an instance reached over plain HTTP.
    transformStaticCSP: (header) =>
      publicUrl.startsWith('https:')
        ? header
        : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
