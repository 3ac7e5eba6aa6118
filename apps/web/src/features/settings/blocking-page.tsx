import { useBlockedQuery, useUnblockMutation } from '../../api/blocking';
import { blockingMessages } from './member-list.messages';
import { MemberListPage } from './member-list-page';

/** Settings & privacy → Blocking (/settings/blocking): the members blocked, each with Unblock. */
export function BlockingPage() {
  return (
    <MemberListPage
      texts={blockingMessages}
      query={useBlockedQuery()}
      useUndo={useUnblockMutation}
      timeOf={(member) => member.blockedAt}
      nameLinksToProfile={false}
    />
  );
}
