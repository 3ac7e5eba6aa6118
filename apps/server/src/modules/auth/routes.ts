import fastifyCookie from '@fastify/cookie';
import {
  activateAccountSchema,
  authResponseSchema,
  emptyBodySchema,
  findUserSchema,
  loginSchema,
  messageSchema,
  registerSchema,
  resetPasswordSchema,
  resetUserInfoSchema,
  sendResetCodeSchema,
  validateResetCodeSchema,
} from '@hearth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limits } from '../../config.js';
import { byBodyEmail, byIp, limitHook } from '../../infra/limits/rate-limits.js';
import { memberOf, requireMember } from './hooks.js';
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

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

/** The eight calls of spec section 7 under /api/v1/auth, with API.md's behaviour. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
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
      path: '/api/v1/auth',
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
  const tags = ['auth'];

  app.post(
    '/register',
    {
      onRequest: [signupPerIp],
      schema: {
        tags,
        summary: 'Sign up',
        description:
          'Creates an unverified account and queues the activation mail (link valid 24 h, single use). ' +
          'E-mail unique regardless of case (409). Username: first + last name in lower-case ' +
          'letters a-z, with a number suffix when taken. Limited per IP.',
        body: registerSchema,
        response: { 201: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await auth.register(request.body);
      rememberDevice(request, reply, request.body.email);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/login',
    {
      onRequest: [loginPerIp],
      preHandler: [loginPerAccount, loginPerDevice],
      schema: {
        tags,
        summary: 'Log in',
        description:
          'An unknown e-mail and a wrong password give the same 400 answer. Limited per IP and per ' +
          'account; from a browser that logged in to the account before (its known-device cookie), ' +
          'per device instead of per account. Sets that cookie on success.',
        body: loginSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await auth.login(request.body);
      rememberDevice(request, reply, request.body.email);
      return answer;
    },
  );

  app.post(
    '/activateAccount',
    {
      onRequest: [requireMember],
      schema: {
        tags,
        summary: 'Activate the account from the e-mailed link',
        description:
          "Bearer required. The link must be the caller's (403), unused and unexpired (400); " +
          'an already verified account gets 400.',
        body: activateAccountSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.activateAccount(memberOf(request), request.body.token),
  );

  app.post(
    '/resendVerification',
    {
      onRequest: [requireMember, resendPerAccount],
      schema: {
        tags,
        summary: 'Send a fresh activation link',
        description: 'Bearer required. 400 when already verified. Limited per account.',
        body: emptyBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.resendVerification(memberOf(request)),
  );

  app.post(
    '/findUser',
    {
      onRequest: [findUserPerIp],
      schema: {
        tags,
        summary: 'Find an account for a password reset',
        description: "The account's e-mail and picture, or 404. Limited per IP.",
        body: findUserSchema,
        response: { 200: resetUserInfoSchema, ...errors },
      },
    },
    async (request) => auth.findUser(request.body.email),
  );

  app.post(
    '/sendResetCode',
    {
      onRequest: [resetSendPerIp],
      preHandler: [resetSendPerEmail],
      schema: {
        tags,
        summary: 'E-mail a password reset code',
        description:
          'Replaces any earlier code with a new 5-character one, valid 15 minutes. Limited per e-mail and per IP.',
        body: sendResetCodeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.sendResetCode(request.body.email),
  );

  app.post(
    '/validateResetCode',
    {
      onRequest: [resetCheckPerIp],
      schema: {
        tags,
        summary: 'Check a reset code',
        description:
          "A right, unexpired code answers {message:'ok'} and allows a password change for 15 minutes. " +
          'Five wrong tries burn the code. Limited per IP.',
        body: validateResetCodeSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.validateResetCode(request.body.email, request.body.code),
  );

  app.post(
    '/resetPassword',
    {
      schema: {
        tags,
        summary: 'Set a new password',
        description:
          'Only within 15 minutes of a right code, once (else 403). Ends every older session.',
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => auth.resetPassword(request.body.email, request.body.password),
  );
};
