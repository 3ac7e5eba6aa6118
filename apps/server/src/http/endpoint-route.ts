import {
  ACCESS_DESCRIPTIONS,
  type Answer,
  ENDPOINTS,
  type EndpointName,
  type EndpointSpec,
  type Endpoints,
  ERROR_RESPONSES,
  NEXT_CURSOR_HEADER,
  type ReceivedParts,
} from '@hearth/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  onRequestHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { requireMember } from '../modules/auth/hooks.js';

/** What a route adds to its table entry: its own limits and, for hot calls, a serializer. */
export interface RouteExtras {
  /** Run after the member check, before the body is read (per-IP and per-member limits). */
  onRequest?: onRequestHookHandler[];
  /** Run after the body is parsed, before it is validated (a form the table cannot know). */
  preValidation?: preValidationHookHandler[];
  /** Run after the body is validated (limits keyed by a body field). */
  preHandler?: preHandlerHookHandler[];
  serializerCompiler?: FastifySerializerCompiler<unknown>;
}

/** A request to call `Name`, its parts validated against the table's schemas. */
export type EndpointRequest<Name extends EndpointName> = FastifyRequest<{
  Params: ReceivedParts<Name>['params'];
  Querystring: ReceivedParts<Name>['query'];
  Body: ReceivedParts<Name>['body'];
}>;

/** A page of a paged answer: what the call answers, and the cursor of the page after it. */
export interface AnswerPage<T> {
  items: T;
  nextCursor: string | undefined;
}

/**
 * What a handler gives back: the answer (a page of it, for the calls that page through
 * `X-Next-Cursor`), or the reply when it answered itself with another status.
 */
export type HandlerResult<Name extends EndpointName> =
  | (Endpoints[Name] extends { nextCursorHeader: true } ? AnswerPage<Answer<Name>> : Answer<Name>)
  | FastifyReply;

export type EndpointHandler<Name extends EndpointName> = (
  request: EndpointRequest<Name>,
  reply: FastifyReply,
) => Promise<HandlerResult<Name>>;

/** The Fastify schema of a table entry: validation, serialization and the OpenAPI page. */
export function routeSchema(endpoint: EndpointSpec) {
  const responses: Record<number, unknown> = {};
  for (const status of endpoint.errors) responses[status] = ERROR_RESPONSES[status];
  Object.assign(responses, endpoint.responses);
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    description: `${endpoint.description}\n\nWho may call: ${ACCESS_DESCRIPTIONS[endpoint.access]}`,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: responses,
  };
}

/**
 * Registers the call the table names at its path below the plugin's prefix (`/api/v1`), and
 * at that path with a trailing slash: a member is required when the table says so, 201 answers
 * the calls that create, a page's next cursor goes to its header, and the spec's bare 'ok' is
 * sent as the JSON string "ok".
 */
export function addEndpoint<Name extends EndpointName>(
  app: FastifyInstance,
  name: Name,
  extras: RouteExtras,
  handler: EndpointHandler<Name>,
): void {
  const endpoint: EndpointSpec = ENDPOINTS[name];
  const status = 201 in endpoint.responses ? 201 : 200;
  const route: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    onRequest: [...(endpoint.auth ? [requireMember] : []), ...(extras.onRequest ?? [])],
    ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    ...(extras.serializerCompiler ? { serializerCompiler: extras.serializerCompiler } : {}),
    handler: async (request, reply) => {
      const result: unknown = await handler(request as EndpointRequest<Name>, reply);
      // A handler that answered itself returns the reply, which is a thenable: awaiting it gives
      // undefined once the answer is sent, so what tells is that the reply went.
      if (result === reply || reply.sent) return reply;
      reply.code(status);
      let answer = result;
      if (endpoint.nextCursorHeader) {
        const page = result as AnswerPage<unknown>;
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        answer = page.items;
      }
      // Fastify sends a string with a JSON content type as already serialized text.
      if (typeof answer === 'string') {
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
      }
      return reply.send(answer);
    },
  };
  app.route(route);
  // The feed with a trailing slash is the feed, as it was when each module had its own prefix.
  // A path that ends in a parameter keeps its meaning: search with a trailing slash is a search
  // for nothing (400).
  if (!/\/:[A-Za-z]+$/.test(endpoint.path)) {
    app.route({ ...route, url: `${endpoint.path}/`, schema: { ...route.schema, hide: true } });
  }
}
