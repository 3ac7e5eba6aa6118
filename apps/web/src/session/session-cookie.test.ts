import { SERVER_MESSAGES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { authAnswer, sessionUser } from '../test/fixtures';
import { userCookie } from '../test/render-app';
import {
  clearSessionUser,
  patchSessionUser,
  readSessionUser,
  storeSessionUser,
} from './session-cookie';
import { sessionReducer } from './session-reducer';

describe('session cookie', () => {
  it('stores the login answer without its message, on path /', () => {
    const stored = storeSessionUser(authAnswer({ message: SERVER_MESSAGES.loginSuccess }));
    expect(stored).not.toHaveProperty('message');
    expect(userCookie()).toEqual(sessionUser());
    expect(readSessionUser()).toEqual(sessionUser());
  });

  it('keeps other fields the server returned', () => {
    storeSessionUser({ ...authAnswer(), ...{ gender: 'female' } });
    expect(userCookie()).toMatchObject({ gender: 'female', token: 'token-of-ada' });
  });

  it('patches the stored user', () => {
    storeSessionUser(authAnswer({ verified: false }));
    patchSessionUser({ verified: true, picture: '/media/ada.webp' });
    expect(readSessionUser()).toMatchObject({ verified: true, picture: '/media/ada.webp' });
  });

  it('is emptied by a logout', () => {
    storeSessionUser(authAnswer());
    clearSessionUser();
    expect(userCookie()).toBeNull();
    expect(readSessionUser()).toBeNull();
  });

  it('treats a damaged cookie as no session', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: planting a broken cookie on purpose.
    document.cookie = 'user=%7Bnot-json; Path=/';
    expect(readSessionUser()).toBeNull();
  });

  it('keeps the role, and reads a session stored before roles existed as a member', () => {
    storeSessionUser(authAnswer({ role: 'moderator' }));
    expect(readSessionUser()).toMatchObject({ role: 'moderator' });

    const { role: _role, ...older } = sessionUser();
    // biome-ignore lint/suspicious/noDocumentCookie: planting the cookie of an older release.
    document.cookie = `user=${encodeURIComponent(JSON.stringify(older))}; Path=/`;
    expect(readSessionUser()).toEqual(sessionUser({ role: 'member' }));
  });
});

describe('session reducer', () => {
  const user = sessionUser();

  it('LOGIN sets the user and LOGOUT clears it', () => {
    const loggedIn = sessionReducer({ user: null }, { type: 'LOGIN', payload: user });
    expect(loggedIn.user).toEqual(user);
    expect(sessionReducer(loggedIn, { type: 'LOGOUT' }).user).toBeNull();
  });

  it('UPDATEPICTURE sets the picture and VERIFY the verified flag', () => {
    const state = { user: { ...user, verified: false } };
    expect(
      sessionReducer(state, { type: 'UPDATEPICTURE', payload: '/media/new.webp' }).user,
    ).toMatchObject({ picture: '/media/new.webp' });
    expect(sessionReducer(state, { type: 'VERIFY', payload: true }).user).toMatchObject({
      verified: true,
    });
  });
});
