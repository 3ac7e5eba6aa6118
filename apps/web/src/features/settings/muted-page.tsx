import { useMutedQuery, useUnmuteMutation } from '../../api/muting';
import { MemberListPage, type MemberListTexts } from './member-list-page';

const MUTED_TEXTS: MemberListTexts = {
  title: 'Muted',
  intro:
    "The posts of the people you mute stay out of your Feed, and what they do doesn't notify you. They aren't told, and you can still visit their profile and see their posts there.",
  listLabel: 'Muted members',
  empty: "You haven't muted anyone.",
  since: 'Muted',
  undo: 'Unmute',
};

/** Settings & privacy → Muted (/settings/muted): the members muted, each with Unmute. */
export function MutedPage() {
  return (
    <MemberListPage
      texts={MUTED_TEXTS}
      query={useMutedQuery()}
      useUndo={useUnmuteMutation}
      timeOf={(member) => member.mutedAt}
      nameLinksToProfile
    />
  );
}
