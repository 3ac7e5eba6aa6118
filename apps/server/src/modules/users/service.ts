import {
  ACCOUNT_MESSAGES,
  type ChangeLanguageInput,
  type ChangeNameAnswer,
  type ChangeNameInput,
  type Details,
  type DetailsInput,
  type FeedQuery,
  type FriendsPage,
  type LanguageCode,
  PROFILE_FRIENDS_SHOWN,
  PROFILE_MESSAGES,
  type Privacy,
  type PrivacyInput,
  type Profile,
} from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { Page } from '../../db/keyset.js';
import { type PurgeRun, purgeInBatches } from '../../db/purge-run.js';
import type { UserRow } from '../../db/users.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { viewerOfMember } from '../access/visibility.js';
import {
  deleteUnverifiedAccounts,
  retireUsernames,
  unverifiedAccountsBefore,
  usernamesOf,
} from '../auth/repo.js';
import type { MediaService } from '../media/service.js';
import { erasePhotos, photoMessagesOf } from '../messages/repo.js';
import { asGender } from '../posts/present.js';
import type { PostReader } from '../posts/reader.js';
import type { PostsService } from '../posts/service.js';
import { findPair, isFollowing, pairOf } from './friendships-repo.js';
import {
  detailsOf,
  detailsToStore,
  friendshipFlags,
  type PrivacyColumns,
  privacyOf,
  toPublicUser,
} from './present.js';
import {
  countFriends,
  findProfileOwner,
  relatedMembers,
  updateDetails,
  updateLanguage,
  updateName,
  updatePictureColumn,
  updatePrivacy,
} from './repo.js';

export interface UsersServiceDeps {
  db: Db;
  clock: Clock;
  posts: PostsService;
  reader: PostReader;
  media: MediaService;
  /** Image references to addresses (infra/storage/image-urls.ts). */
  imageUrls: ImageUrls;
  /** Where profile changes are announced (live updates). */
  bus: EventBus;
}

/**
 * The profile with its first page of posts in `profile.posts`; `nextCursor` is set when the owner
 * has older posts than those.
 */
export interface ProfilePage extends Pick<Page<Profile['posts'][number]>, 'nextCursor'> {
  profile: Profile;
}

/** Profiles, their details and pictures, and the friends page's lists. */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /**
   * The profile of `username` as `viewer` sees it; undefined when no member has that username.
   * A fixed number of queries whatever the number of posts and friends: of the friends, only
   * the most recent ones the profile shows, and their number.
   */
  async profile(
    viewer: UserRow,
    username: string,
    query: FeedQuery,
  ): Promise<ProfilePage | undefined> {
    const { db, reader, imageUrls } = this.deps;
    const seer = viewerOfMember(viewer);
    // A member blocked either way is missing for the viewer, as an unknown username is.
    const owner = await findProfileOwner(db, seer, username.toLowerCase());
    if (!owner) return undefined;
    const own = owner.id === viewer.id;
    // The owner's privacy setting hides the list, its length with it, from this viewer.
    const friendsVisible = Number(owner.friends_shown) === 1;
    const [friends, friendsCount, relation, following, page] = await Promise.all([
      friendsVisible ? relatedMembers(db, owner.id, 'friends', PROFILE_FRIENDS_SHOWN, seer) : [],
      friendsVisible ? countFriends(db, owner.id) : 0,
      own ? undefined : findPair(db, pairOf(viewer.id, owner.id)),
      own ? false : isFollowing(db, viewer.id, owner.id),
      reader.authorPosts(viewer, owner.id, query),
    ]);
    return {
      profile: {
        ok: true,
        _id: owner.id,
        username: owner.username,
        first_name: owner.first_name,
        last_name: owner.last_name,
        picture: imageUrls.url(owner.picture),
        cover: imageUrls.url(owner.cover),
        gender: asGender(owner.gender),
        friends: friends.map(({ username, picture, first_name, last_name }) => ({
          username,
          picture: imageUrls.url(picture),
          first_name,
          last_name,
        })),
        friendsCount,
        friendship: friendshipFlags(viewer.id, relation, following),
        muted: !own && Number(owner.muted) === 1,
        acceptsFriendRequests: !own && Number(owner.accepts_requests) === 1,
        friendsVisible,
        details: detailsOf(owner.details),
        posts: page.items,
      },
      nextCursor: page.nextCursor,
    };
  }

  /** The member's privacy settings (read with the session, so no query). */
  privacy(member: UserRow): Privacy {
    return privacyOf(member);
  }

  /** Stores the settings given, the others kept; answers all of them as stored now. */
  async updatePrivacy(member: UserRow, input: PrivacyInput): Promise<Privacy> {
    const { db, clock } = this.deps;
    const changes: Partial<PrivacyColumns> = {};
    if (input.defaultAudience) changes.default_audience = input.defaultAudience;
    if (input.friendRequestsFrom) changes.friend_requests_from = input.friendRequestsFrom;
    if (input.friendsListVisibleTo) changes.friends_list_visible_to = input.friendsListVisibleTo;
    const stored = await updatePrivacy(db, member.id, changes, clock.now().toISOString());
    // No row only if the account was deleted meanwhile: the settings the session read.
    return privacyOf(stored ?? member);
  }

  /** Replaces the member's whole details object with the one given; answers what is stored. */
  async updateDetails(member: UserRow, infos: DetailsInput): Promise<Details> {
    const { db, clock } = this.deps;
    const details = detailsToStore(infos);
    await updateDetails(db, member.id, JSON.stringify(details), clock.now().toISOString());
    await this.deps.bus.publish({ type: 'profile.changed', userId: member.id });
    return details;
  }

  /**
   * PUT /users/changeName (API.md, One's own account): the names as the contract's schema left
   * them (trimmed, under the sign-up's rules), with their search keys; the username stays. Every
   * process drops the cards showing the member (profile.changed), so posts and comments show the
   * new name at once.
   */
  async changeName(member: UserRow, input: ChangeNameInput): Promise<ChangeNameAnswer> {
    const { db, clock, bus } = this.deps;
    const names = { first_name: input.first_name, last_name: input.last_name };
    await updateName(db, member.id, names, clock.now().toISOString());
    await bus.publish({ type: 'profile.changed', userId: member.id });
    return { message: ACCOUNT_MESSAGES.nameChanged, ...names };
  }

  /**
   * PUT /users/changeLanguage (the languages issue): one of the login footer's languages, as the
   * contract's schema checked it. Kept with the account: every device takes it at its next login
   * or load (the session answers and GET /users/account carry it), and the mails are in it.
   */
  async changeLanguage(
    member: UserRow,
    input: ChangeLanguageInput,
  ): Promise<{ message: string; language: LanguageCode }> {
    await updateLanguage(
      this.deps.db,
      member.id,
      input.language,
      this.deps.clock.now().toISOString(),
    );
    return { message: ACCOUNT_MESSAGES.languageChanged, language: input.language };
  }

  /**
   * Shows one of the member's own uploads as their picture or cover (else 400), named by any
   * address it was given or by its key.
   */
  async updatePicture(member: UserRow, which: 'picture' | 'cover', url: string): Promise<'ok'> {
    const { db, clock, media } = this.deps;
    const message =
      which === 'picture' ? PROFILE_MESSAGES.pictureNotYours : PROFILE_MESSAGES.coverNotYours;
    const [key] = await media.ownUploadKeys(db, member.id, [url], message);
    await updatePictureColumn(db, member.id, which, key as string, clock.now().toISOString());
    await this.deps.bus.publish({ type: 'profile.changed', userId: member.id });
    return 'ok';
  }

  /**
   * Deletes the accounts still unverified that were created before `cutoff` (one verified at the
   * last moment stays), with everything they made, and the uploads that only they showed, files
   * included. Every step is an idempotent delete, so several server processes may purge at once.
   */
  async purgeUnverifiedBefore(
    cutoff: string,
    run: PurgeRun,
  ): Promise<{ accounts: number; files: number }> {
    const { db } = this.deps;
    let accounts = 0;
    let files = 0;
    await purgeInBatches(
      run,
      (limit) => unverifiedAccountsBefore(db, cutoff, limit),
      async (ids) => {
        const leaving = await db.transaction().execute(async (trx) =>
          // Only accounts still unverified: one verified just now keeps everything.
          this.deleteAccounts(trx, ids, (inTrx, due) =>
            deleteUnverifiedAccounts(inTrx, due, cutoff),
          ),
        );
        accounts += leaving.deleted.size;
        files += await leaving.finish(run.log);
      },
    );
    return { accounts, files };
  }

  /**
   * In `trx`, deletes these members' accounts with everything they made: `remove` deletes the
   * rows that should still go and answers their ids (the foreign keys take posts, comments,
   * reactions, friendships, sessions…). The posts they had reacted to are counted again, and
   * the uploads nothing shows any more (theirs, and others' photos in comments on their posts)
   * are forgotten. `finish`, to call once `trx` has committed, drops the cards they were on from
   * every process's card cache and deletes those files; it answers how many uploads went. The
   * usernames of the accounts deleted are retired in `trx`: sign-up never gives them again.
   * Shared by the unverified-account purge, an admin's deletion of a member and the purge of
   * accounts their members deleted.
   */
  async deleteAccounts(
    trx: Db,
    ids: string[],
    remove: (trx: Db, ids: string[]) => Promise<string[]>,
  ): Promise<{ deleted: Set<string>; finish: (log: PurgeRun['log']) => Promise<number> }> {
    const { posts, media, clock } = this.deps;
    const own = await media.uploadsOf(trx, ids);
    // Images others attached to comments on these members' posts go with the posts.
    const leaving = await posts.membersLeaving(trx, ids);
    const usernames = await usernamesOf(trx, ids);
    // Their messages stay for the others (sender null), without the photos deleted below.
    const photoMessages = await photoMessagesOf(trx, ids);
    const deleted = new Set(await remove(trx, ids));
    await erasePhotos(
      trx,
      photoMessages.filter((m) => m.sender_id && deleted.has(m.sender_id)).map((m) => m.id),
    );
    const retired = [...deleted].flatMap((id) => usernames.get(id) ?? []);
    await retireUsernames(trx, retired, clock.now().toISOString());
    // Their reactions went with them: the posts they reacted to are counted again.
    if (deleted.size > 0) await leaving.recountReactions();
    // Only the files of accounts really deleted.
    const ownKeys = own.filter((m) => deleted.has(m.owner_id)).map((m) => m.storage_key);
    const keys = [...ownKeys, ...(await media.forgetUnreferenced(trx, leaving.imageKeys))];
    return {
      deleted,
      finish: async (log) => {
        await leaving.cardsStale();
        return media.deleteStoredFiles(keys, log);
      },
    };
  }

  /** Requests received, requests sent and friends, most recent first, in one query. */
  async friendsPage(member: UserRow): Promise<FriendsPage> {
    const { db, imageUrls } = this.deps;
    const rows = await relatedMembers(db, member.id);
    const page: FriendsPage = { requests: [], sentRequests: [], friends: [] };
    for (const row of rows) {
      const user = toPublicUser(row, imageUrls);
      if (row.status === 'friends') page.friends.push(user);
      else if (row.requester_id === member.id) page.sentRequests.push(user);
      else page.requests.push(user);
    }
    return page;
  }
}
