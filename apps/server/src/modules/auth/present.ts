import type { AuthResponse, ResetUserInfo, SessionUser } from '@hearth/contract';
import type { UserRow } from '../../db/users.js';

export function toSessionUser(user: UserRow, token: string): SessionUser {
  return {
    id: user.id,
    username: user.username,
    picture: user.picture,
    first_name: user.first_name,
    last_name: user.last_name,
    token,
    verified: user.verified === 1,
  };
}

export function toAuthResponse(message: string, user: UserRow, token: string): AuthResponse {
  return { message, ...toSessionUser(user, token) };
}

export function toResetUserInfo(user: UserRow): ResetUserInfo {
  return { email: user.email, picture: user.picture };
}
