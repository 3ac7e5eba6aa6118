import { defineMessages } from '@hearth/contract';

/**
 * The like button and its reaction popup. Each reaction has its label (the button's word, 'Love')
 * and its name as read out (the popup's buttons, a post's reaction count: 'love').
 */
export const reactionsMessages = defineMessages('reactions', {
  reactions: 'Reactions',
  hint: 'Press the up arrow key, or press and hold, to choose a reaction.',
  like: 'Like',
  love: 'Love',
  haha: 'Haha',
  wow: 'Wow',
  sad: 'Sad',
  angry: 'Angry',
  likeName: 'like',
  loveName: 'love',
  hahaName: 'haha',
  wowName: 'wow',
  sadName: 'sad',
  angryName: 'angry',
});
