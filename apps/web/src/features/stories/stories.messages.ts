import { defineMessages } from '@hearth/contract';

/** The stories strip above the feed. */
export const storiesMessages = defineMessages('stories', {
  stories: 'Stories',
  createStory: 'Create Story',
  storyBy: 'Story by {name}',
});
