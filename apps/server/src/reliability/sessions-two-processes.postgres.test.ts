import {
  ACCOUNT_MESSAGES,
  type AccountSession,
  LIVE_CLOSE_CODES,
  ROUTES,
  SERVER_MESSAGES,
  type SessionUser,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { LIVE_DEADLINE_MS } from '../test-support/live-client.js';
import { testEngine } from '../test-support/test-database.js';
import { call, expectStatus, MEMBER_PASSWORD, type Member, signUp } from './http-calls.js';
import { UNTHROTTLED } from './server-ground.js';
import { twoProcesses } from './two-processes.js';

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

// Where you're logged in across processes (API.md, One's own account; issue 35): a member ends
// their phone's session through one process, and the other process, which holds the phone's
// socket, refuses the phone's token at once (the session's row is gone from the shared
// database) and closes its socket with 4401 within a second (the bus). Two built servers
// (`dist/main.js`), one PostgreSQL database and one Redis, as in live-two-processes.postgres.test.ts.
describe('a session ended through one process, on another', () => {
  const { servers, socketOn, openSocket } = twoProcesses('sessions', UNTHROTTLED);

  it('ended through A: B refuses its token at once and closes its socket with 4401; the member’s other session goes on on both', async () => {
    const [serverA, serverB] = servers();
    // The laptop signed up through A; the phone logs in through B.
    const laptop: Member = await signUp(serverA, 'Sam', 'Phone');
    const phoneLogin = (await expectStatus(
      200,
      call(serverB, ROUTES.login, {
        body: { email: laptop.email, password: MEMBER_PASSWORD },
        headers: { 'user-agent': PHONE_AGENT },
      }),
    )) as SessionUser;
    const phoneToken = phoneLogin.token;
    await expectStatus(200, call(serverB, ROUTES.unreadCount, { token: phoneToken }));
    const phoneSocket = await socketOn(serverB, phoneToken);
    const laptopSocket = await socketOn(serverB, laptop.token);

    // Either process lists the same sessions; the phone's is named from its browser.
    const listed = (await expectStatus(
      200,
      call(serverA, ROUTES.listSessions, { token: laptop.token }),
    )) as { sessions: AccountSession[] };
    const phone = listed.sessions.find((session) => session.device === 'Chrome on Android');
    if (!phone) throw new Error(`no phone among ${JSON.stringify(listed.sessions)}`);
    expect(phone.current).toBe(false);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);

    let closedAt: number | undefined;
    phoneSocket.ws.once('close', () => {
      closedAt = Date.now();
    });
    const answer = await call(serverA, ROUTES.endSession, {
      token: laptop.token,
      params: { sessionId: phone.id },
    });
    const answeredAt = Date.now();
    expect(answer).toEqual({ status: 200, body: { message: ACCOUNT_MESSAGES.sessionEnded } });

    // At once: the very next request on B is refused, with no wait.
    expect(await call(serverB, ROUTES.unreadCount, { token: phoneToken })).toEqual({
      status: 401,
      body: { message: SERVER_MESSAGES.sessionExpired },
    });
    expect(await phoneSocket.closed(Math.max(0, answeredAt + LIVE_DEADLINE_MS - Date.now()))).toBe(
      LIVE_CLOSE_CODES.unauthorized,
    );
    if (closedAt === undefined) throw new Error('no close time recorded');

    // The laptop's session and its socket on B go on; the phone's token cannot open a new one.
    laptopSocket.send({ type: 'ping' });
    await laptopSocket.next('pong');
    expect(laptopSocket.closeCode).toBeUndefined();
    for (const server of [serverA, serverB]) {
      await expectStatus(200, call(server, ROUTES.unreadCount, { token: laptop.token }));
      const left = (await expectStatus(
        200,
        call(server, ROUTES.listSessions, { token: laptop.token }),
      )) as { sessions: AccountSession[] };
      expect(left.sessions.map((session) => session.id)).not.toContain(phone.id);
    }
    const late = await openSocket(serverB);
    late.send({ type: 'auth', token: phoneToken });
    expect(await late.closed()).toBe(LIVE_CLOSE_CODES.unauthorized);

    console.info(
      `[reliability] a session ended across two processes (${testEngine()}): ended on A, ` +
        `its socket on B closed (4401) ${closedAt - answeredAt} ms after the answer ` +
        `(deadline ${LIVE_DEADLINE_MS} ms); its token refused on B by the next request`,
    );
  });
});
