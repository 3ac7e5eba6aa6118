import { useMutedQuery, useUnmuteMutation } from '../../api/muting';
import { mutedMessages } from './member-list.messages';
import { MemberListPage } from './member-list-page';

/** Settings & privacy → Muted (/settings/muted): the members muted, each with Unmute. */
export function MutedPage() {
  return (
    <MemberListPage
      texts={mutedMessages}
      query={useMutedQuery()}
      useUndo={useUnmuteMutation}
      timeOf={(member) => member.mutedAt}
      nameLinksToProfile
    />
  );
}
