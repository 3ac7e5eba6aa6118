import type { FastifyPluginAsync } from 'fastify';
import type { Limits } from '../../config.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { limitHook } from '../../infra/limits/rate-limits.js';
import { memberOf } from '../auth/hooks.js';
import type { MessagesService } from './service.js';

export interface MessagesRoutesOptions {
  messages: MessagesService;
  limits: Limits;
}

/** The /messages calls of the contract's table. */
export const messagesRoutes: FastifyPluginAsync<MessagesRoutesOptions> = async (
  app,
  { messages, limits },
) => {
  const byMember = (request: { member: { id: string } | null }) => request.member?.id;
  // Every messaging write counts here, on top of the member's default limit.
  const writes = {
    onRequest: [limitHook(app, 'message-writes-member', limits.messageWritesPerAccount, byMember)],
  };
  const starts = limitHook(app, 'conversations-member', limits.conversationsPerAccount, byMember);

  addEndpoint(
    app,
    'createConversation',
    { onRequest: [...writes.onRequest, starts] },
    async (request, reply) => {
      const { conversation, created } = await messages.create(memberOf(request), request.body);
      return created ? conversation : reply.code(200).send(conversation);
    },
  );
  addEndpoint(app, 'conversations', {}, async (request) =>
    messages.list(memberOf(request), request.query),
  );
  addEndpoint(app, 'getConversation', {}, async (request) =>
    messages.get(memberOf(request), request.params.conversationId),
  );
  addEndpoint(app, 'conversationMessages', {}, async (request) =>
    messages.messages(memberOf(request), request.params.conversationId, request.query),
  );
  addEndpoint(app, 'sendMessage', writes, async (request) =>
    messages.send(memberOf(request), request.params.conversationId, request.body),
  );
  addEndpoint(app, 'markConversationRead', writes, async (request) =>
    messages.markRead(memberOf(request), request.params.conversationId),
  );
  addEndpoint(app, 'acceptConversation', writes, async (request) =>
    messages.accept(memberOf(request), request.params.conversationId),
  );
  addEndpoint(app, 'addConversationMembers', writes, async (request) =>
    messages.addMembers(memberOf(request), request.params.conversationId, request.body),
  );
  addEndpoint(app, 'leaveConversation', writes, async (request) =>
    messages.leave(memberOf(request), request.params.conversationId),
  );
  addEndpoint(app, 'muteConversation', writes, async (request) =>
    messages.mute(memberOf(request), request.params.conversationId, request.body.muted),
  );
  addEndpoint(app, 'unsendMessage', writes, async (request) =>
    messages.unsend(memberOf(request), request.params.messageId),
  );
  addEndpoint(app, 'messagesUnreadCount', {}, async (request) =>
    messages.unread(memberOf(request)),
  );
};
