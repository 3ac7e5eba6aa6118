import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export const USERS = 'users';

export interface UsersTable {
  id: string;
  /** Always stored lower-cased, so uniqueness is case-insensitive on both engines. */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  username: string;
  /** An image reference (infra/storage/image-urls.ts): an upload's key or the default's path. */
  picture: Generated<string>;
  /** An upload's storage key, or '' for none. */
  cover: Generated<string>;
  gender: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  verified: Generated<number>;
  /** The profile details object as JSON text. */
  details: Generated<string>;
  /**
   * Member-search keys derived from the names by `searchKeysOf` (search-keys.ts). Not
   * generated: whoever writes a name writes its keys, or the member cannot be found.
   */
  search_first: string;
  search_last: string;
  search_full: string;
  /** Privacy settings (API.md, Who sees what; migration 0013): the audience of new posts… */
  default_audience: Generated<string>;
  /** …who may send friend requests ('everyone', 'friends_of_friends')… */
  friend_requests_from: Generated<string>;
  /** …and who sees the friends list on the profile ('public', 'friends', 'only_me'). */
  friends_list_visible_to: Generated<string>;
  /** Who may join (API.md, Hosts in charge; migration 0014): 'member', 'moderator' or 'admin'. */
  role: Generated<string>;
  /** 1 while an applicant waits for approval: no login, hidden from members. */
  pending: Generated<number>;
  /** The applicant's 'Why do you want to join?', kept until a moderator decides. */
  join_reason: Generated<string | null>;
  /** When a moderator approved the applicant (the unverified purge counts from here). */
  approved_at: Generated<string | null>;
  /** A moderator's or admin's last request, at most a few minutes old (members': null). */
  last_active_at: Generated<string | null>;
  /**
   * The language the member's screens and mails are in (the languages issue; migration 0019):
   * one of the contract's LANGUAGE_CODES, 'en' unless chosen.
   */
  language: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
