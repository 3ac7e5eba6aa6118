import {
  type About,
  type Application,
  type ApplicationDecision,
  type Invite,
  type InviteInput,
  type ModerationMember,
  type ModerationSettings,
  type ModerationSettingsInput,
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
import { type CursorPages, cursorPagesOptions, mapPageItems } from './cursor-pages';

/** What the server says about itself changes seldom: a read a minute old still holds. */
export const ABOUT_STALE_TIME_MS = 60_000;

export const aboutKeys = {
  /** GET /about: name, description, rules, privacy policy, who may join. */
  about: ['about'] as const,
};

export const moderationKeys = {
  all: ['moderation'] as const,
  settings: () => [...moderationKeys.all, 'settings'] as const,
  membersAll: () => [...moderationKeys.all, 'members'] as const,
  /** One search of the members list (`q` as typed, trimmed; '' for every member). */
  members: (q: string) => [...moderationKeys.membersAll(), q] as const,
  applications: () => [...moderationKeys.all, 'applications'] as const,
  invites: () => [...moderationKeys.all, 'invites'] as const,
};

/** The server's name, description, rules, privacy policy and sign-up mode; anyone may read it. */
export function useAboutQuery() {
  const api = useApi();
  return useQuery({
    queryKey: aboutKeys.about,
    queryFn: ({ signal }) => api.call(ROUTES.about, undefined, { signal }),
    staleTime: ABOUT_STALE_TIME_MS,
  });
}

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
