import {
  DETAIL_FIELDS,
  type Details,
  type DetailsInput,
  detailsSchema,
  type Friendship,
  type PublicUser,
} from '@hearth/contract';
import type { FriendshipRow } from '../../db/friendships.js';
import type { UserRow } from '../../db/users.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';

/** The stored details object; anything unreadable reads as no details. */
export function detailsOf(json: string): Details {
  try {
    const parsed = detailsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The details to store: the fields given, in the spec's order (absent ones are left out). */
export function detailsToStore(input: DetailsInput): Details {
  const details: Record<string, string> = {};
  for (const field of DETAIL_FIELDS) {
    const value = input[field];
    if (value !== undefined) details[field] = value;
  }
  return details as Details;
}

/** The flags a viewer sees on another member's profile (all false on their own). */
export function friendshipFlags(
  viewerId: string,
  relation: FriendshipRow | undefined,
  following: boolean,
): Friendship {
  return {
    friends: relation?.status === 'friends',
    following,
    requestSent: relation?.status === 'requested' && relation.requester_id === viewerId,
    requestReceived: relation?.status === 'requested' && relation.requester_id !== viewerId,
  };
}

/** A member as lists show them (friends page, search results, search history). */
export function toPublicUser(
  row: Pick<UserRow, 'id' | 'username' | 'picture' | 'first_name' | 'last_name'>,
  imageUrls: ImageUrls,
): PublicUser {
  return {
    _id: row.id,
    username: row.username,
    picture: imageUrls.url(row.picture),
    first_name: row.first_name,
    last_name: row.last_name,
  };
}
