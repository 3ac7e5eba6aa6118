import fastifyCookie from '@fastify/cookie';
import { API_PREFIX } from '@hearth/contract';
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
import type { AuthService } from './service.js';

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
    const answer = await auth.register(request.body);
    rememberDevice(request, reply, request.body.email);
    return answer;
  });
  addEndpoint(
    app,
    'login',
    { onRequest: [loginPerIp], preHandler: [loginPerAccount, loginPerDevice] },
    async (request, reply) => {
      const answer = await auth.login(request.body);
      rememberDevice(request, reply, request.body.email);
      return answer;
    },
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
