import { defineMessages } from '@hearth/contract';

/** A post's comments and its comment box. */
export const commentsMessages = defineMessages('comments', {
  comments: 'Comments',
  loading: 'Loading comments',
  viewMore: 'View more comments',
  writeComment: 'Write a comment',
  sending: 'Sending comment',
  attachPhoto: 'Attach a photo',
  chosenImage: 'Chosen for your comment',
  removePhoto: 'Remove photo',
  fromComment: "From {name}'s comment",
  report: 'Report',
  reportCommentBy: 'Report comment by {name}',
  reportComment: 'Report comment',
});
