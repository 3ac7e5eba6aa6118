/**
 * Every `/api/v1` call by name: its method and its path below `/api/v1`, `:name` marking a path
 * parameter. This is all a caller needs at run time, so the browser imports only this map; the
 * schemas, statuses and documentation of each call are in `endpoints.ts`, keyed the same way.
 */
const TABLE = {
  // Spec section 7, authentication.
  register: ['POST', '/auth/register'],
  login: ['POST', '/auth/login'],
  activateAccount: ['POST', '/auth/activateAccount'],
  resendVerification: ['POST', '/auth/resendVerification'],
  findUser: ['POST', '/auth/findUser'],
  sendResetCode: ['POST', '/auth/sendResetCode'],
  validateResetCode: ['POST', '/auth/validateResetCode'],
  resetPassword: ['POST', '/auth/resetPassword'],
  // Sessions the server ends (API.md, Auth).
  logout: ['POST', '/auth/logout'],
  logoutAll: ['POST', '/auth/logoutAll'],
  // A login's second step (API.md, One's own account).
  loginTwoFactor: ['POST', '/auth/loginTwoFactor'],
  cancelDeletion: ['POST', '/auth/cancelDeletion'],
  // Posts.
  createPost: ['POST', '/posts'],
  feed: ['GET', '/posts'],
  comments: ['GET', '/posts/:postId/comments'],
  react: ['PUT', '/posts/postReacts'],
  getReacts: ['GET', '/posts/getReacts/:postId'],
  comment: ['PUT', '/posts/comment'],
  savePost: ['PUT', '/posts/savePost/:postId'],
  deletePost: ['DELETE', '/posts/deletePost/:postId'],
  // Who sees what (API.md, beyond the spec).
  editAudience: ['PUT', '/posts/audience/:postId'],
  editPost: ['PUT', '/posts/editPost/:postId'],
  postEdits: ['GET', '/posts/:postId/edits'],
  postNotifications: ['PUT', '/posts/notifications/:postId'],
  // One post, for its page /post/{postId} (API.md, Notifications).
  getPost: ['GET', '/posts/:postId'],
  uploadImages: ['POST', '/posts/uploadImages'],
  // Profiles and media.
  getProfile: ['GET', '/users/getProfile/:username'],
  updateUserDetails: ['PUT', '/users/updateUserDetails'],
  // One's own account (API.md, One's own account).
  changeName: ['PUT', '/users/changeName'],
  changePassword: ['PUT', '/users/changePassword'],
  getAccount: ['GET', '/users/account'],
  changeEmail: ['PUT', '/users/changeEmail'],
  changeLanguage: ['PUT', '/users/changeLanguage'],
  confirmEmail: ['POST', '/users/confirmEmail'],
  listSessions: ['GET', '/users/sessions'],
  endSession: ['DELETE', '/users/sessions/:sessionId'],
  twoFactorSetup: ['POST', '/users/twoFactor/setup'],
  twoFactorEnable: ['POST', '/users/twoFactor/enable'],
  twoFactorDisable: ['POST', '/users/twoFactor/disable'],
  deleteAccount: ['POST', '/users/deleteAccount'],
  requestExport: ['POST', '/users/exportData'],
  listExports: ['GET', '/users/exportData'],
  exportLink: ['POST', '/users/exportData/:exportId/link'],
  updateProfilePicture: ['PUT', '/users/updateProfilePicture'],
  updateCoverPicture: ['PUT', '/users/updateCoverPicture'],
  listImages: ['POST', '/users/listImages'],
  // Friendships.
  addFriend: ['PUT', '/users/addFriend/:id'],
  cancelFriendRequest: ['PUT', '/users/cancelFriendRequest/:id'],
  acceptRequest: ['PUT', '/users/acceptRequest/:id'],
  deleteRequest: ['PUT', '/users/deleteRequest/:id'],
  unfriend: ['PUT', '/users/unfriend/:id'],
  follow: ['PUT', '/users/follow/:id'],
  unfollow: ['PUT', '/users/unfollow/:id'],
  getFriendsPageInfos: ['GET', '/users/getFriendsPageInfos'],
  // Blocking (API.md, Who sees what).
  block: ['PUT', '/users/block/:id'],
  unblock: ['PUT', '/users/unblock/:id'],
  getBlocked: ['GET', '/users/getBlocked'],
  mute: ['PUT', '/users/mute/:id'],
  unmute: ['PUT', '/users/unmute/:id'],
  getMuted: ['GET', '/users/getMuted'],
  getPrivacy: ['GET', '/users/privacy'],
  updatePrivacy: ['PUT', '/users/privacy'],
  // Search.
  search: ['POST', '/users/search/:searchTerm'],
  addToSearchHistory: ['PUT', '/users/addToSearchHistory'],
  getSearchHistory: ['GET', '/users/getSearchHistory'],
  removeFromSearch: ['PUT', '/users/removeFromSearch'],
  // Notifications (API.md, beyond the spec).
  notifications: ['GET', '/notifications'],
  unreadCount: ['GET', '/notifications/unreadCount'],
  markNotificationsRead: ['PUT', '/notifications/read'],
  // Messages (API.md, Messages).
  createConversation: ['POST', '/messages/conversations'],
  conversations: ['GET', '/messages/conversations'],
  getConversation: ['GET', '/messages/conversations/:conversationId'],
  conversationMessages: ['GET', '/messages/conversations/:conversationId/messages'],
  sendMessage: ['POST', '/messages/conversations/:conversationId/messages'],
  markConversationRead: ['PUT', '/messages/conversations/:conversationId/read'],
  acceptConversation: ['PUT', '/messages/conversations/:conversationId/accept'],
  addConversationMembers: ['PUT', '/messages/conversations/:conversationId/members'],
  leaveConversation: ['PUT', '/messages/conversations/:conversationId/leave'],
  muteConversation: ['PUT', '/messages/conversations/:conversationId/mute'],
  unsendMessage: ['DELETE', '/messages/:messageId'],
  messagesUnreadCount: ['GET', '/messages/unreadCount'],
  // Who may join (API.md, Hosts in charge): public, then the moderation area's calls.
  about: ['GET', '/about'],
  moderationSettings: ['GET', '/moderation/settings'],
  updateModerationSettings: ['PUT', '/moderation/settings'],
  setRole: ['PUT', '/moderation/role/:userId'],
  moderationMembers: ['GET', '/moderation/members'],
  applications: ['GET', '/moderation/applications'],
  decideApplication: ['PUT', '/moderation/applications/:userId'],
  invites: ['GET', '/moderation/invites'],
  createInvite: ['POST', '/moderation/invites'],
  revokeInvite: ['DELETE', '/moderation/invites/:code'],
  // Reports and moderation actions (API.md, Hosts in charge).
  report: ['POST', '/moderation/report'],
  myReports: ['GET', '/moderation/myReports'],
  reports: ['GET', '/moderation/reports'],
  resolveReport: ['PUT', '/moderation/reports/:reportId'],
  removePost: ['PUT', '/moderation/removePost/:postId'],
  removeComment: ['PUT', '/moderation/removeComment/:commentId'],
  warnMember: ['PUT', '/moderation/warn/:userId'],
  moderationSummary: ['GET', '/moderation/summary'],
  moderationLog: ['GET', '/moderation/log'],
  // Suspension and deletion (API.md, Hosts in charge).
  suspendMember: ['PUT', '/moderation/suspend/:userId'],
  unsuspendMember: ['PUT', '/moderation/unsuspend/:userId'],
  deleteMember: ['DELETE', '/moderation/members/:userId'],
  memberRecord: ['GET', '/moderation/members/:userId'],
  emailBlocks: ['GET', '/moderation/emailBlocks'],
  liftEmailBlock: ['DELETE', '/moderation/emailBlocks/:blockId'],
} as const satisfies Record<string, readonly [HttpMethod, `/${string}`]>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The prefix of every call's path. */
export const API_PREFIX = '/api/v1';

type Table = typeof TABLE;
export type EndpointName = keyof Table;

/** One call: its name, method and path below `/api/v1`. */
export interface Route<Name extends EndpointName = EndpointName> {
  name: Name;
  method: Table[Name][0];
  path: Table[Name][1];
}

export type Routes = { [Name in EndpointName]: Route<Name> };

export const ROUTES = Object.fromEntries(
  Object.entries(TABLE).map(([name, [method, path]]) => [name, { name, method, path }]),
) as Routes;

/** Names of the path's parameters: `/posts/:postId/comments` has `postId`. */
export type PathParamNames<Path extends string> =
  Path extends `${string}:${infer Param}/${infer Rest}`
    ? Param | PathParamNames<`/${Rest}`>
    : Path extends `${string}:${infer Param}`
      ? Param
      : never;

/** The path with its parameters filled in, each encoded as one path segment. */
export function pathOf(route: Pick<Route, 'path'>, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** `?a=1&b=2` for the defined values of a query object, or '' when there are none. */
export function queryString(query: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path and query of a call below `/api/v1`, e.g. `/posts/p1/comments?cursor=c9`. */
export function callPath(
  route: Pick<Route, 'path'>,
  input: { params?: object; query?: object } = {},
): string {
  return (
    pathOf(route, input.params as Record<string, string> | undefined) +
    queryString(input.query as Record<string, string | number | undefined> | undefined)
  );
}

/**
 * The call a request names, with its path parameters decoded, or undefined. For fakes and
 * tests that see requests as method and path.
 */
export function matchRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const route of Object.values(ROUTES) as Route[]) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    return { route, params };
  }
  return undefined;
}
