// `@hearth/server/seeding`: everything the demo and benchmark seed (bench/) takes from the server,
// and the one way it reaches the server. The server's own code stays where it is and is only
// re-exported here; the bulk loads only the seed makes live beside this file.

export { type App, type AppDeps, buildApp } from '../app.js';
export { type AppConfig, loadConfig, RATE_LIMIT_VARIABLES } from '../config.js';
export type { NewComment } from '../db/comments.js';
export {
  type DatabaseHandle,
  type Db,
  type Engine,
  type OpenDatabaseOptions,
  openDatabase,
} from '../db/database.js';
export type { NewFollow } from '../db/follows.js';
export type { NewFriendship } from '../db/friendships.js';
export type { NewMedia } from '../db/media.js';
export { migrateToLatest, migrateToNothing } from '../db/migrate.js';
export { migrations } from '../db/migrations/index.js';
export type { NewPostImage } from '../db/post-images.js';
export type { NewPost } from '../db/posts.js';
export type { NewReaction } from '../db/reactions.js';
export type { NewSavedPost } from '../db/saved-posts.js';
export type { NewSearchHistoryRow } from '../db/search-history.js';
export { searchKeysOf } from '../db/search-keys.js';
export type { NewUser } from '../db/users.js';
export { type Clock, systemClock } from '../infra/clock.js';
export { LocalDiskStorage } from '../infra/storage/local-disk-storage.js';
export type { Storage } from '../infra/storage/storage.js';
export { hashPassword } from '../modules/auth/password.js';
export { insertUsers } from '../modules/auth/repo.js';
export { SessionTokens } from '../modules/auth/session-tokens.js';
export { openSessions } from '../modules/auth/sessions.js';
export { usernameBase } from '../modules/auth/username.js';
export {
  type ImageVariantFile,
  makeImageVariants,
  type ProcessedImage,
  reencodeImage,
} from '../modules/media/image-processing.js';
export { insertMedia } from '../modules/media/repo.js';
export { storeImageVariants } from '../modules/media/variants.js';
export { insertReactions, recountAllReactions } from '../modules/posts/reactions-repo.js';
export { insertComments, insertPosts } from '../modules/posts/repo.js';
export { detailsToStore } from '../modules/users/present.js';
// The seed's own tests: a fresh database on the engine TEST_DB names, and a config to build an
// app on it (neither needs vitest).
export { type ConfigOverrides, testConfig } from '../test-support/test-config.js';
export {
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '../test-support/test-database.js';
export {
  insertFollows,
  insertHistoryEntries,
  insertRelations,
  insertSavedPosts,
  markFriendFollows,
} from './bulk-inserts.js';
