import type { Migration } from 'kysely/migration';
import * as accounts from './0001-accounts.js';
import * as postsAndMedia from './0002-posts-and-media.js';
import * as friendships from './0003-friendships.js';
import * as search from './0004-search.js';
import * as feedReadCosts from './0005-feed-read-costs.js';
import * as imageVariants from './0006-image-variants.js';
import * as imageReferences from './0007-image-references.js';
import * as sessions from './0008-sessions.js';
import * as notifications from './0009-notifications.js';
import * as jobLeases from './0010-job-leases.js';
import * as audiencesAndBlocks from './0011-audiences-and-blocks.js';
import * as followFriendFlag from './0012-follow-friend-flag.js';
import * as editsMutesPrivacy from './0013-edits-mutes-privacy.js';
import * as rolesAndSignup from './0014-roles-and-signup.js';
import * as reportsAndRemoval from './0015-reports-and-removal.js';
import * as suspensionsAndDeletions from './0016-suspensions-and-deletions.js';
import * as reportImages from './0017-report-images.js';
import * as ownAccount from './0018-own-account.js';
import * as languages from './0019-languages.js';
import * as messages from './0020-messages.js';

/** Every migration, in the order it runs. Names never change once released. */
export const migrations: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['0001-accounts', accounts],
  ['0002-posts-and-media', postsAndMedia],
  ['0003-friendships', friendships],
  ['0004-search', search],
  ['0005-feed-read-costs', feedReadCosts],
  ['0006-image-variants', imageVariants],
  ['0007-image-references', imageReferences],
  ['0008-sessions', sessions],
  ['0009-notifications', notifications],
  ['0010-job-leases', jobLeases],
  ['0011-audiences-and-blocks', audiencesAndBlocks],
  ['0012-follow-friend-flag', followFriendFlag],
  ['0013-edits-mutes-privacy', editsMutesPrivacy],
  ['0014-roles-and-signup', rolesAndSignup],
  ['0015-reports-and-removal', reportsAndRemoval],
  ['0016-suspensions-and-deletions', suspensionsAndDeletions],
  ['0017-report-images', reportImages],
  ['0018-own-account', ownAccount],
  ['0019-languages', languages],
  ['0020-messages', messages],
];
