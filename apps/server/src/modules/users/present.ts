import {
  AUDIENCES,
  type Audience,
  DEFAULT_PRIVACY,
  DETAIL_FIELDS,
  type Details,
  type DetailsInput,
  detailsSchema,
  FRIEND_REQUESTS_FROM,
  FRIENDS_LIST_VISIBLE_TO,
  type Friendship,
  type Privacy,
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

/** The stored privacy columns of a member. */
export type PrivacyColumns = Pick<
  UserRow,
  'default_audience' | 'friend_requests_from' | 'friends_list_visible_to'
>;

/** The member's privacy settings as stored; a value no longer a choice reads as the default. */
export function privacyOf(row: PrivacyColumns): Privacy {
  return {
    defaultAudience: defaultAudienceOf(row),
    friendRequestsFrom: oneOf(
      FRIEND_REQUESTS_FROM,
      row.friend_requests_from,
      DEFAULT_PRIVACY.friendRequestsFrom,
    ),
    friendsListVisibleTo: oneOf(
      FRIENDS_LIST_VISIBLE_TO,
      row.friends_list_visible_to,
      DEFAULT_PRIVACY.friendsListVisibleTo,
    ),
  };
}

/** The audience a new post of the member gets when it names none (a privacy setting). */
export function defaultAudienceOf(row: Pick<UserRow, 'default_audience'>): Audience {
  return oneOf(AUDIENCES, row.default_audience, DEFAULT_PRIVACY.defaultAudience);
}

function oneOf<T extends string>(choices: readonly T[], value: string, fallback: T): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}
