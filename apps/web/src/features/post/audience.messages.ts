import { defineMessages } from '@hearth/contract';

/** The four audiences of a post (the contract's AUDIENCE_LABELS), as the app shows them. */
export const audienceMessages = defineMessages('post.audience', {
  public: 'Public',
  publicDetail: 'Anyone on or off Hearth',
  members: 'Members of this server',
  membersDetail: 'Everyone with an account here',
  friends: 'Friends',
  friendsDetail: 'Your friends on Hearth',
  onlyMe: 'Only me',
  onlyMeDetail: 'Only you',
});
