import { type AuthResponse, DEFAULT_PICTURE, SERVER_MESSAGES } from '@hearth/contract';

export function authAnswer(overrides: Partial<AuthResponse> = {}): AuthResponse {
  return {
    message: SERVER_MESSAGES.loginSuccess,
    id: '01JADA',
    username: 'adaowen',
    picture: DEFAULT_PICTURE,
    first_name: 'Ada',
    last_name: 'Owen',
    token: 'token-of-ada',
    verified: true,
    ...overrides,
  };
}

/** The session user as stored: the answer without its message. */
export function sessionUser(overrides: Partial<AuthResponse> = {}) {
  const { message: _message, ...user } = authAnswer(overrides);
  return user;
}
