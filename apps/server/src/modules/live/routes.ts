import { STREAMING_PATH } from '@hearth/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { LiveService } from './service.js';

export interface LiveRoutesOptions {
  live: LiveService;
}

/** The live-updates WebSocket (API.md, Live updates); not a call of the contract's table. */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, { live }) => {
  app.get(STREAMING_PATH, { websocket: true }, (socket, request) =>
    live.accept(socket, request.socket.remoteAddress),
  );
};
