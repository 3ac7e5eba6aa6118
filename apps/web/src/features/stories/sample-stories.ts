import type { Story } from '@hearth/contract';

/** Static sample stories (spec 'Stories strip'), with pictures drawn for Hearth. */
export const SAMPLE_STORIES: readonly Story[] = [
  { profile_name: 'Maya Lindqvist', profile_picture: '/stories/4.svg', image: '/stories/1.svg' },
  { profile_name: 'Tomás Okafor', profile_picture: '/stories/5.svg', image: '/stories/2.svg' },
  { profile_name: 'Priya Raman', profile_picture: '/stories/6.svg', image: '/stories/3.svg' },
  { profile_name: 'Jonas Weber', profile_picture: '/stories/1.svg', image: '/stories/4.svg' },
  { profile_name: 'Amara Diallo', profile_picture: '/stories/2.svg', image: '/stories/5.svg' },
  { profile_name: 'Leo Marchetti', profile_picture: '/stories/3.svg', image: '/stories/6.svg' },
];
