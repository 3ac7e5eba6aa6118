import { defineMessages } from '@hearth/contract';

/** Privacy settings (/settings/privacy) and the Privacy checkup (/settings/privacy-checkup). */
export const privacyMessages = defineMessages('settings.privacy', {
  title: 'Privacy settings',
  intro:
    'Choose who sees what you share and who can reach you. Each change is saved as you make it. New here? <0>Take the Privacy checkup</0>',
  loading: 'Loading privacy settings',
  saving: 'Saving…',
  saved: 'Saved',
  checkupTitle: 'Privacy checkup',
  checkupIntro:
    "Let's go through who sees what you share and who can reach you, one thing at a time. Each choice is saved as you make it.",
  step: 'Step {step} of {total}',
  done: 'Done',
  next: 'Next',
  back: 'Back',
  goToFeed: 'Go to Feed',
  allSet: "You're all set",
  summary: 'Here is what you chose. You can change it at any time in <0>Privacy settings</0>.',
  // The settings.
  futurePostsTitle: 'Your future posts',
  futurePostsQuestion: 'Who can see your future posts?',
  futurePostsExplanation:
    "Your new posts, profile pictures and cover photos start with this audience. You can still choose another one for each post, and change it later from the post's menu.",
  friendRequestsTitle: 'Friend requests',
  friendRequestsQuestion: 'Who can send you friend requests?',
  friendRequestsExplanation: 'Anyone else sees no Add Friend button on your profile.',
  friendsListTitle: 'Your friends list',
  friendsListQuestion: 'Who can see your friends list?',
  friendsListExplanation:
    'Who sees your friends, and how many you have, on your profile. You always see them.',
  // The choices.
  audiencePublic: 'Public',
  audiencePublicDescription: 'Anyone on or off Hearth',
  audienceMembers: 'Members of this server',
  audienceMembersDescription: 'Everyone with an account here',
  audienceFriends: 'Friends',
  audienceFriendsDescription: 'Your friends on Hearth',
  audienceOnlyMe: 'Only me',
  audienceOnlyMeDescription: 'Only you',
  everyone: 'Everyone',
  everyoneDescription: 'Any member of this server',
  friendsOfFriends: 'Friends of friends',
  friendsOfFriendsDescription: 'Members who share a friend with you',
  listPublicDescription: 'Anyone who can see your profile',
});
