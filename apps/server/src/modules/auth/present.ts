import {
  type AuthResponse,
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  type PendingSignup,
  type ResetUserInfo,
  ROLES,
  type Role,
  type SessionUser,
} from '@hearth/contract';
import type { UserRow } from '../../db/users.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';

export function toSessionUser(user: UserRow, token: string, imageUrls: ImageUrls): SessionUser {
  return {
    id: user.id,
    username: user.username,
    picture: imageUrls.url(user.picture),
    first_name: user.first_name,
    last_name: user.last_name,
    token,
    verified: user.verified === 1,
    role: roleOf(user),
    language: languageOf(user),
  };
}

/** The member's language as stored; anything unknown (a hand-edited row) counts as English. */
export function languageOf(user: Pick<UserRow, 'language'>): LanguageCode {
  return isLanguageCode(user.language) ? user.language : DEFAULT_LANGUAGE;
}

/** The member's role as stored; anything unknown (a hand-edited row) counts as `member`. */
export function roleOf(user: Pick<UserRow, 'role'>): Role {
  return (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : 'member';
}

/** Sign-up in approval mode: the applicant's fields, no session (API.md, Hosts in charge). */
export function toPendingSignup(
  message: string,
  user: UserRow,
  imageUrls: ImageUrls,
): PendingSignup {
  return {
    message,
    id: user.id,
    username: user.username,
    picture: imageUrls.url(user.picture),
    first_name: user.first_name,
    last_name: user.last_name,
    verified: user.verified === 1,
    pending: true,
  };
}

export function toAuthResponse(
  message: string,
  user: UserRow,
  token: string,
  imageUrls: ImageUrls,
): AuthResponse {
  return { message, ...toSessionUser(user, token, imageUrls) };
}

export function toResetUserInfo(user: UserRow, imageUrls: ImageUrls): ResetUserInfo {
  return {
    email: user.email,
    picture: imageUrls.url(user.picture),
    first_name: user.first_name,
    last_name: user.last_name,
  };
}
