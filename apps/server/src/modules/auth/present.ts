import type { AuthResponse, ResetUserInfo, SessionUser } from '@hearth/contract';
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
