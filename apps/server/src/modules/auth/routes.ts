import fastifyCookie from '@fastify/cookie';
import {
  API_PREFIX,
  acceptedLanguages,
  COOKIE_NAMES,
  isLanguageCode,
  type LanguageCode,
  type LoginAnswer,
  pickLanguage,
} from '@hearth/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from '../../config.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { byBodyEmail, byIp, limitHook } from '../../infra/limits/rate-limits.js';
import { memberOf, sessionOf } from './hooks.js';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  type KnownDevices,
} from './known-devices.js';
import type { TicketPurpose } from './login-tickets.js';
import type { AuthService, LoginStep } from './service.js';
import type { SessionClient } from './sessions.js';

/** The browser and address a session is opened from (Where you're logged in). */
export function clientOf(request: FastifyRequest): SessionClient {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/**
 * The language a visitor had before signing up (the languages issue): the one they chose in the
 * web app (its `lang` cookie) when it is a known code, else the best match of what their browser
 * asks for (Accept-Language), else English.
 */
export function visitorLanguage(request: FastifyRequest): LanguageCode {
  const chosen = request.cookies?.[COOKIE_NAMES.language];
  if (isLanguageCode(chosen)) return chosen;
  return pickLanguage(acceptedLanguages(request.headers['accept-language']));
}

export interface AuthRoutesOptions {
  auth: AuthService;
  limits: Limits;
  devices: KnownDevices;
  /** Known-device cookies are sent over HTTPS only when members use HTTPS. */
  secureCookies: boolean;
}

/**
 * The eight calls of spec section 7 under /api/v1/auth, and logout and logoutAll, as the
 * contract's table describes them.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { auth, limits, devices, secureCookies },
) => {
  // Parses cookies for these calls only: the known-device cookie is all Hearth reads.
  await app.register(fastifyCookie);

  /** The device's id when this browser logged in to the body's account before. */
  const knownDevice = (request: FastifyRequest): string | undefined => {
    const email = byBodyEmail(request);
    const device = devices.read(request.cookies[DEVICE_COOKIE]);
    return email && device && devices.knows(device, email) ? device.id : undefined;
  };
  /** After a successful login or sign-up, this browser is a known device for the account. */
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply, email: string) => {
    const device = devices.read(request.cookies[DEVICE_COOKIE]);
    reply.setCookie(DEVICE_COOKIE, devices.remember(device, email), {
      path: `${API_PREFIX}/auth`,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  };

  const signupPerIp = limitHook(app, 'signup-ip', limits.signupPerIp, byIp);
  const loginPerIp = limitHook(app, 'login-ip', limits.loginPerIp, byIp);
  // Guessing from anywhere counts against the account, except from the owner's known devices,
  // which have a counter each: strangers' failures never lock the owner out of those.
  const loginPerAccount = limitHook(app, 'login-account', limits.loginPerAccount, (request) =>
    knownDevice(request) ? undefined : byBodyEmail(request),
  );
  const loginPerDevice = limitHook(app, 'login-device', limits.loginPerDevice, (request) => {
    const id = knownDevice(request);
    return id ? `${id}:${byBodyEmail(request)}` : undefined;
  });
  // A login's second step is limited like login: per IP, and per account, the account being the
  // one the ticket names (each purpose counts on its own). Codes are six digits: the account's
  // count is what keeps them from being guessed by someone who has the password.
  const ticketMembers = new WeakMap<FastifyRequest, string>();
  const perTicketAccount = (name: string, purpose: TicketPurpose) => {
    const limit = limitHook(app, name, limits.loginPerAccount, (request) =>
      ticketMembers.get(request),
    );
    return async (request: FastifyRequest) => {
      const { ticket } = request.body as { ticket: string };
      const member = await auth.ticketMember(ticket, purpose);
      if (member) ticketMembers.set(request, member);
      await limit(request);
    };
  };
  const twoFactorPerIp = limitHook(app, 'login-two-factor-ip', limits.loginPerIp, byIp);
  const twoFactorPerAccount = perTicketAccount('login-two-factor-account', 'two-factor');
  const cancelDeletionPerIp = limitHook(app, 'cancel-deletion-ip', limits.loginPerIp, byIp);
  const cancelDeletionPerAccount = perTicketAccount('cancel-deletion-account', 'cancel-deletion');
  /** A step that opened a session makes this browser a known device, as login does. */
  const answerStep = <Answer extends LoginAnswer>(
    request: FastifyRequest,
    reply: FastifyReply,
    step: LoginStep<Answer>,
  ): Answer => {
    if ('token' in step.answer) rememberDevice(request, reply, step.email);
    return step.answer;
  };
  const findUserPerIp = limitHook(app, 'find-user-ip', limits.findUserPerIp, byIp);
  const resetSendPerEmail = limitHook(
    app,
    'reset-send-email',
    limits.resetCodeSendPerEmail,
    byBodyEmail,
  );
  const resetSendPerIp = limitHook(app, 'reset-send-ip', limits.resetCodeSendPerIp, byIp);
  const resetCheckPerIp = limitHook(app, 'reset-check-ip', limits.resetCodeCheckPerIp, byIp);
  const resendPerAccount = limitHook(
    app,
    'resend-verification-member',
    limits.resendVerificationPerAccount,
    (request) => request.member?.id,
  );
  addEndpoint(app, 'register', { onRequest: [signupPerIp] }, async (request, reply) => {
    const answer = await auth.register(request.body, clientOf(request), visitorLanguage(request));
    rememberDevice(request, reply, request.body.email);
    return answer;
  });
  addEndpoint(
    app,
    'login',
    { onRequest: [loginPerIp], preHandler: [loginPerAccount, loginPerDevice] },
    async (request, reply) => {
      const answer = await auth.login(request.body, clientOf(request));
      // Only a session makes a known device: the right password alone, with a code still asked
      // for, does not.
      if ('token' in answer) rememberDevice(request, reply, request.body.email);
      return answer;
    },
  );
  addEndpoint(
    app,
    'loginTwoFactor',
    { onRequest: [twoFactorPerIp], preHandler: [twoFactorPerAccount] },
    async (request, reply) =>
      answerStep(request, reply, await auth.loginTwoFactor(request.body, clientOf(request))),
  );
  addEndpoint(
    app,
    'cancelDeletion',
    { onRequest: [cancelDeletionPerIp], preHandler: [cancelDeletionPerAccount] },
    async (request, reply) =>
      answerStep(request, reply, await auth.cancelDeletion(request.body, clientOf(request))),
  );
  addEndpoint(app, 'activateAccount', {}, async (request) =>
    auth.activateAccount(memberOf(request), request.body.token),
  );
  addEndpoint(app, 'resendVerification', { onRequest: [resendPerAccount] }, async (request) =>
    auth.resendVerification(memberOf(request)),
  );
  addEndpoint(app, 'findUser', { onRequest: [findUserPerIp] }, async (request) =>
    auth.findUser(request.body.email),
  );
  addEndpoint(
    app,
    'sendResetCode',
    { onRequest: [resetSendPerIp], preHandler: [resetSendPerEmail] },
    async (request) => auth.sendResetCode(request.body.email),
  );
  addEndpoint(app, 'validateResetCode', { onRequest: [resetCheckPerIp] }, async (request) =>
    auth.validateResetCode(request.body.email, request.body.code),
  );
  addEndpoint(app, 'resetPassword', {}, async (request) =>
    auth.resetPassword(request.body.email, request.body.password),
  );
  addEndpoint(app, 'logout', {}, async (request) =>
    auth.logout(memberOf(request), sessionOf(request)),
  );
  addEndpoint(app, 'logoutAll', {}, async (request) => auth.logoutEverywhere(memberOf(request)));
};
