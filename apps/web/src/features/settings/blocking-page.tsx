import { useBlockedQuery, useUnblockMutation } from '../../api/blocking';
import { MemberListPage, type MemberListTexts } from './member-list-page';

const BLOCKING_TEXTS: MemberListTexts = {
  title: 'Blocking',
  intro:
    "Once you block someone, they can no longer see your posts, find your profile, comment on or react to your posts, or add you as a friend, and you won't see them either. Unblocking someone doesn't bring back a friendship or a follow.",
  listLabel: 'Blocked members',
  empty: "You haven't blocked anyone.",
  since: 'Blocked',
  undo: 'Unblock',
};

/** Settings & privacy → Blocking (/settings/blocking): the members blocked, each with Unblock. */
export function BlockingPage() {
  return (
    <MemberListPage
      texts={BLOCKING_TEXTS}
      query={useBlockedQuery()}
      useUndo={useUnblockMutation}
      timeOf={(member) => member.blockedAt}
      nameLinksToProfile={false}
    />
  );
}
