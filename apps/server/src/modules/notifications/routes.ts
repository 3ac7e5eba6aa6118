import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint-route.js';
import { memberOf } from '../auth/hooks.js';
import type { NotificationsService } from './service.js';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
}

/** The notification calls of the contract's table. */
export const notificationsRoutes: FastifyPluginAsync<NotificationsRoutesOptions> = async (
  app,
  { notifications },
) => {
  addEndpoint(app, 'notifications', {}, async (request) =>
    notifications.list(memberOf(request), request.query),
  );
  addEndpoint(app, 'unreadCount', {}, async (request) => ({
    count: await notifications.unreadCount(memberOf(request).id),
  }));
  addEndpoint(app, 'markNotificationsRead', {}, async (request) =>
    notifications.markRead(memberOf(request), request.body),
  );
};
