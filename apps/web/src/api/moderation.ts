import {
  type About,
  type Application,
  type ApplicationDecision,
  type EmailBlock,
  type Invite,
  type InviteInput,
  type ModerationMember,
  type ModerationReport,
  type ModerationSettings,
  type ModerationSettingsInput,
  type MyReport,
  type ReportInput,
  type ResolveAction,
  ROUTES,
  type Role,
} from '@hearth/contract';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../session/session-context';
import { aboutKeys } from './about';
import { ApiError } from './client';
import { type CursorPages, cursorPagesOptions, mapPageItems } from './cursor-pages';
import { moderationKeys, type ReportStatus } from './moderation-keys';
import { mapAllPosts, postKeys, removePost } from './post-cache';
import { profileKeys } from './profile-keys';

export type { ReportStatus } from './moderation-keys';

/** The admin's settings (/admin/settings). */
export function useModerationSettingsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.settings(),
    queryFn: ({ signal }) => api.call(ROUTES.moderationSettings, undefined, { signal }),
  });
}

/** The public part of the settings: what /about answers. */
function aboutOf(settings: ModerationSettings): About {
  const { name, description, rules, privacyPolicy, signupMode, membersMayInvite } = settings;
  return { name, description, rules, privacyPolicy, signupMode, membersMayInvite };
}

/** Saves the settings; the answer is the settings as they are now, /about's part included. */
export function useUpdateModerationSettingsMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationSettingsInput) =>
      api.call(ROUTES.updateModerationSettings, { body: input }),
    onSuccess: (settings) => {
      queryClient.setQueryData(moderationKeys.settings(), settings);
      queryClient.setQueryData(aboutKeys.about, aboutOf(settings));
    },
  });
}

/** The members list of the moderation area, `q` searching names, usernames and e-mails. */
export function useModerationMembersQuery(q: string) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(moderationKeys.members(q), (cursor, signal) =>
      api.callWithHeaders(
        ROUTES.moderationMembers,
        { query: { q: q || undefined, cursor } },
        { signal },
      ),
    ),
  );
}

/** Every cached members search shows the member's new role. */
function setCachedRole(queryClient: QueryClient, userId: string, role: Role) {
  queryClient.setQueriesData<CursorPages<ModerationMember>>(
    { queryKey: moderationKeys.membersAll() },
    (data) =>
      mapPageItems(data, (members) =>
        members.map((member) => (member._id === userId ? { ...member, role } : member)),
      ),
  );
}

/** An admin gives a member a role; the last admin's refusal comes back as the call's error. */
export function useSetRoleMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) =>
      api.call(ROUTES.setRole, { params: { userId }, body: { role } }),
    onSuccess: (answer) => setCachedRole(queryClient, answer._id, answer.role),
  });
}

/** The applicants waiting for approval, oldest first. */
export function useApplicationsQuery() {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(moderationKeys.applications(), (cursor, signal) =>
      api.callWithHeaders(ROUTES.applications, { query: { cursor } }, { signal }),
    ),
  );
}

/** Approves or rejects an applicant: either way they leave the list. */
export function useDecideApplicationMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: string; decision: ApplicationDecision }) =>
      api.call(ROUTES.decideApplication, { params: { userId }, body: decision }),
    onSuccess: (_answer, { userId, decision }) => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.summary() });
      queryClient.setQueryData<CursorPages<Application>>(moderationKeys.applications(), (data) =>
        mapPageItems(data, (applicants) =>
          applicants.filter((applicant) => applicant._id !== userId),
        ),
      );
      // An approved applicant is now a member of the members list.
      if (decision.approve) {
        void queryClient.invalidateQueries({ queryKey: moderationKeys.membersAll() });
      }
    },
  });
}

/** Invite links: every one for an admin, their own for a member. */
export function useInvitesQuery() {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.invites(),
    queryFn: ({ signal }) => api.call(ROUTES.invites, undefined, { signal }),
  });
}

/** Makes an invite link; it heads the list at once. */
export function useCreateInviteMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.call(ROUTES.createInvite, { body: input }),
    onSuccess: (invite) => {
      queryClient.setQueryData<Invite[]>(moderationKeys.invites(), (list) =>
        list ? [invite, ...list.filter((entry) => entry.code !== invite.code)] : list,
      );
    },
  });
}

/** Revokes an invite link: the code stops working and it leaves the list. */
export function useRevokeInviteMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(ROUTES.revokeInvite, { params: { code } }),
    onSuccess: (_answer, code) => {
      queryClient.setQueryData<Invite[]>(moderationKeys.invites(), (list) =>
        list?.filter((entry) => entry.code !== code),
      );
    },
  });
}

/** What waits for moderators (the header's Moderation count); staff only. */
export function useModerationSummaryQuery() {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.summary(),
    queryFn: ({ signal }) => api.call(ROUTES.moderationSummary, undefined, { signal }),
  });
}

/**
 * Reports a post, a comment or a member; the report then heads the Support Inbox. A
 * moderator's own report also adds to the header's count.
 */
export function useReportMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportInput) => api.call(ROUTES.report, { body: input }),
    onSuccess: (report) => {
      queryClient.setQueryData<MyReport[]>(moderationKeys.myReports(), (list) =>
        list ? [report, ...list.filter((entry) => entry._id !== report._id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.reports('open') });
    },
  });
}

/** The member's reports and what became of them, newest first (the Support Inbox). */
export function useMyReportsQuery() {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.myReports(),
    queryFn: ({ signal }) => api.call(ROUTES.myReports, undefined, { signal }),
  });
}

/** The reports queue: open ones oldest first, resolved ones newest first. */
export function useReportsQuery(status: ReportStatus) {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(moderationKeys.reports(status), (cursor, signal) =>
      api.callWithHeaders(ROUTES.reports, { query: { status, cursor } }, { signal }),
    ),
  );
}

/** A removed post leaves every cached list; a removed comment leaves the posts that show it. */
function forgetRemoved(queryClient: QueryClient, target: ModerationReport['target']) {
  if (target.type === 'post') {
    removePost(queryClient, target._id);
  } else if (target.type === 'comment') {
    mapAllPosts(queryClient, (posts) =>
      posts.map((post) =>
        post.comments.some((comment) => comment._id === target._id)
          ? {
              ...post,
              comments: post.comments.filter((comment) => comment._id !== target._id),
              commentCount: Math.max(0, post.commentCount - 1),
            }
          : post,
      ),
    );
    void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'comments'] });
  }
}

export interface Resolution {
  report: ModerationReport;
  action: ResolveAction;
  reason: string;
}

/**
 * Acts on a report: it leaves the open tab with every other open report of the same target
 * (the server resolves them together); the resolved tab and the header's count read again.
 * A report another moderator resolved first (409) leaves the open tab too.
 */
export function useResolveReportMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  const leaveOpenTab = (report: ModerationReport) => {
    queryClient.setQueryData<CursorPages<ModerationReport>>(
      moderationKeys.reports('open'),
      (data) =>
        mapPageItems(data, (reports) =>
          reports.filter(
            (entry) =>
              entry._id !== report._id &&
              !(entry.target.type === report.target.type && entry.target._id === report.target._id),
          ),
        ),
    );
    void queryClient.invalidateQueries({ queryKey: moderationKeys.reports('resolved') });
    void queryClient.invalidateQueries({ queryKey: moderationKeys.summary() });
  };
  return useMutation({
    mutationFn: ({ report, action, reason }: Resolution) =>
      api.call(ROUTES.resolveReport, {
        params: { reportId: report._id },
        body: { action, ...(reason ? { reason } : {}) },
      }),
    onSuccess: (_answer, { report, action }) => {
      leaveOpenTab(report);
      if (action === 'remove') forgetRemoved(queryClient, report.target);
      if (action === 'suspend' && report.member) {
        afterStandingChange(queryClient, report.member._id);
      }
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log() });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) {
        void queryClient.invalidateQueries({ queryKey: moderationKeys.reports('open') });
        void queryClient.invalidateQueries({ queryKey: moderationKeys.summary() });
      }
    },
  });
}

/** Warns a member: they are told why by notification and mail. */
export function useWarnMemberMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api.call(ROUTES.warnMember, { params: { userId }, body: { reason } }),
    onSuccess: (_answer, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log() });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.record(userId) });
    },
  });
}

/** The audit log, newest first, page by page (admins). */
export function useModerationLogQuery() {
  const api = useApi();
  return useInfiniteQuery(
    cursorPagesOptions(moderationKeys.log(), (cursor, signal) =>
      api.callWithHeaders(ROUTES.moderationLog, { query: { cursor } }, { signal }),
    ),
  );
}

/**
 * After a suspension, its lifting or a deletion: the members list and the member's record read
 * again, and so do the reports (the server resolves the member's open reports with it), the
 * header's count and the audit log. Posts and profiles read again when next shown: the member's
 * content is hidden, shown again or gone.
 */
function afterStandingChange(queryClient: QueryClient, userId: string) {
  for (const queryKey of [
    moderationKeys.membersAll(),
    moderationKeys.record(userId),
    moderationKeys.reportsAll(),
    moderationKeys.summary(),
    moderationKeys.log(),
    postKeys.all,
    profileKeys.all,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Every cached members search shows the member's new standing at once, before it reads again. */
function setCachedStanding(
  queryClient: QueryClient,
  userId: string,
  standing: Pick<ModerationMember, 'status' | 'suspension'>,
) {
  queryClient.setQueriesData<CursorPages<ModerationMember>>(
    { queryKey: moderationKeys.membersAll() },
    (data) =>
      mapPageItems(data, (members) =>
        members.map((member) => (member._id === userId ? { ...member, ...standing } : member)),
      ),
  );
}

export interface MemberAction {
  userId: string;
  reason: string;
}

/**
 * Suspends a member: they cannot log in, everything they made is hidden, they are told why by
 * mail. Their row says so at once.
 */
export function useSuspendMemberMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: MemberAction) =>
      api.call(ROUTES.suspendMember, { params: { userId }, body: { reason } }),
    onSuccess: (_answer, { userId, reason }) => {
      setCachedStanding(queryClient, userId, {
        status: 'suspended',
        suspension: { reason, at: new Date().toISOString() },
      });
      afterStandingChange(queryClient, userId);
    },
  });
}

/** Lifts a suspension: the member may log in again and what they made shows again. */
export function useUnsuspendMemberMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: MemberAction) =>
      api.call(ROUTES.unsuspendMember, { params: { userId }, body: { reason } }),
    onSuccess: (_answer, { userId }) => {
      setCachedStanding(queryClient, userId, { status: 'active', suspension: null });
      afterStandingChange(queryClient, userId);
    },
  });
}

/**
 * Deletes a member's account (admins): it leaves the members list at once, and its address joins
 * the refused ones.
 */
export function useDeleteMemberMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: MemberAction) =>
      api.call(ROUTES.deleteMember, { params: { userId }, body: { reason } }),
    onSuccess: (_answer, { userId }) => {
      queryClient.setQueriesData<CursorPages<ModerationMember>>(
        { queryKey: moderationKeys.membersAll() },
        (data) => mapPageItems(data, (members) => members.filter((m) => m._id !== userId)),
      );
      queryClient.removeQueries({ queryKey: moderationKeys.record(userId) });
      afterStandingChange(queryClient, userId);
      void queryClient.invalidateQueries({ queryKey: moderationKeys.emailBlocks() });
    },
  });
}

/** A member's record (moderators): read when a moderator opens it. */
export function useMemberRecordQuery(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.record(userId),
    queryFn: ({ signal }) => api.call(ROUTES.memberRecord, { params: { userId } }, { signal }),
  });
}

/** The addresses that may not sign up again after a deletion, newest first (admins). */
export function useEmailBlocksQuery() {
  const api = useApi();
  return useQuery({
    queryKey: moderationKeys.emailBlocks(),
    queryFn: ({ signal }) => api.call(ROUTES.emailBlocks, undefined, { signal }),
  });
}

/** Lets a refused address sign up again: it leaves the list. */
export function useLiftEmailBlockMutation() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => api.call(ROUTES.liftEmailBlock, { params: { blockId } }),
    onSuccess: (_answer, blockId) => {
      queryClient.setQueryData<EmailBlock[]>(moderationKeys.emailBlocks(), (list) =>
        list?.filter((entry) => entry._id !== blockId),
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log() });
    },
  });
}
