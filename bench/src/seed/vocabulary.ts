import type { Random } from './random.js';

// Every word list here is written for the seed: given names common in many countries, surnames
// and places made up from English word parts, and everyday posts. None belongs to a real person.

export const FEMALE_NAMES = [
  'Ada',
  'Amara',
  'Anika',
  'Beatriz',
  'Camille',
  'Chloé',
  'Dalia',
  'Elena',
  'Elif',
  'Emma',
  'Farah',
  'Freya',
  'Grace',
  'Hana',
  'Ines',
  'Isla',
  'Jade',
  'Julia',
  'Kaia',
  'Lea',
  'Leila',
  'Lina',
  'Maja',
  'Maria',
  'Maya',
  'Mei',
  'Mira',
  'Nadia',
  'Naomi',
  'Nora',
  'Olivia',
  'Priya',
  'Rosa',
  'Sara',
  'Sofia',
  'Talia',
  'Uma',
  'Vera',
  'Yara',
  'Zoë',
] as const;

export const MALE_NAMES = [
  'Aarav',
  'Adam',
  'Ali',
  'Andrés',
  'Ben',
  'Björn',
  'Carlos',
  'Daniel',
  'David',
  'Elias',
  'Emil',
  'Felix',
  'Hugo',
  'Ibrahim',
  'Ivan',
  'Jakob',
  'James',
  'Jonas',
  'José',
  'Kenji',
  'Leo',
  'Liam',
  'Luca',
  'Malik',
  'Marco',
  'Mateo',
  'Milan',
  'Noah',
  'Omar',
  'Oscar',
  'Pablo',
  'Ravi',
  'Samuel',
  'Stefan',
  'Theo',
  'Tomás',
  'Viktor',
  'Yusuf',
  'Zain',
  'Arjun',
] as const;

export const UNISEX_NAMES = [
  'Alex',
  'Ari',
  'Charlie',
  'Eden',
  'Jordan',
  'Kai',
  'Noor',
  'River',
  'Robin',
  'Sam',
] as const;

const SURNAME_HEADS = [
  'Ash',
  'Bay',
  'Birch',
  'Brook',
  'Cald',
  'Clay',
  'Dun',
  'Elm',
  'Fair',
  'Fern',
  'Glen',
  'Hal',
  'Hollow',
  'Iver',
  'Kent',
  'Lark',
  'Lin',
  'Marsh',
  'Mor',
  'North',
  'Oak',
  'Pen',
  'Quill',
  'Rad',
  'Rush',
  'Stan',
  'Thorn',
  'West',
  'Wil',
  'Yar',
] as const;

const SURNAME_TAILS = [
  'by',
  'croft',
  'dale',
  'field',
  'ford',
  'hurst',
  'ley',
  'more',
  'stone',
  'ton',
  'well',
  'wick',
  'wood',
] as const;

/** 390 surnames: every head with every tail. */
export const SURNAMES: readonly string[] = SURNAME_HEADS.flatMap((head) =>
  SURNAME_TAILS.map((tail) => `${head}${tail}`),
);

export const TOWNS = [
  'Ashbury',
  'Brightwater',
  'Cobble Hill',
  'Dunmere',
  'Eastmoor',
  'Fallowfield',
  'Greyhaven',
  'Harrowgate',
  'Kingsreach',
  'Larkspur',
  'Millbrook',
  'Northcliff',
  'Oakhaven',
  'Pinecrest',
  'Redfern',
  'Saltmarsh',
  'Thistledown',
  'Westerby',
] as const;

export const JOBS = [
  'Baker',
  'Bus driver',
  'Carpenter',
  'Data analyst',
  'Designer',
  'Electrician',
  'Engineer',
  'Gardener',
  'Librarian',
  'Nurse',
  'Pharmacist',
  'Photographer',
  'Teacher',
  'Translator',
  'Vet',
  'Web developer',
  'Student',
  'Chef',
] as const;

export const WORKPLACES = [
  'Copperleaf Studio',
  'Harbor Lane Clinic',
  'Maple Row Bakery',
  'Riverside Library',
  'Bright Gear Cycles',
  'Stonebridge School',
  'Lantern Print Shop',
  'Greenhouse Co-op',
  'Tidewater Transit',
  'Quarry Hill Farm',
] as const;

export const SCHOOLS = [
  'Riverside High',
  'Hillcrest Academy',
  'Elmwood High',
  'Lakeview School',
  'Northgate High',
] as const;

export const COLLEGES = [
  'Westerby College',
  'Oakhaven University',
  'Kingsreach Institute',
  'Millbrook Arts School',
] as const;

const BIOS = [
  'Coffee first, then everything else.',
  'Weekend hiker, weekday spreadsheet wrangler.',
  'Growing tomatoes and opinions.',
  'Always planning the next trip.',
  'Bread baker, board-game collector.',
  'Learning a new language every winter.',
  'Dog person. Cat tolerated.',
  'Music, maps and long walks.',
  'Here for the photos of your lunch.',
  'Cycling through life one hill at a time.',
] as const;

const POST_OPENERS = [
  'Just got back from',
  'Finally finished',
  'Spent the whole day at',
  'Loving',
  'Can’t stop thinking about',
  'Throwback to',
  'First time trying',
  'Sunday plans:',
  'Anyone else excited about',
  'Grateful for',
  'Quick update on',
  'Still laughing about',
  'Trying something new:',
  'Look what I found at',
] as const;

const POST_SUBJECTS = [
  'the lake trail',
  'my sourdough starter',
  'the farmers market',
  'our little garden',
  'the night train',
  'grandma’s soup recipe',
  'the new bike lane',
  'a rainy weekend in the mountains',
  'the community choir',
  'the old bookshop downtown',
  'a road trip along the coast',
  'the street food festival',
  'learning to knit',
  'the first snow of the year',
  'a five-a-side match',
  'the museum’s night opening',
  'painting the kitchen',
  'the puppy class',
  'our balcony tomatoes',
  'the sunrise swim',
] as const;

const POST_ENDINGS = [
  '!',
  '.',
  ' 🙂',
  ' 😍',
  ' — who’s in next time?',
  '. Highly recommend.',
  '… more photos soon.',
  ' 🎉',
  '. What a day.',
  ' ☀️',
  '. Tell me your favourite spot!',
  ' 😂',
] as const;

const POST_EXTRAS = [
  'The weather was perfect and the company even better.',
  'It took three tries but it was worth it.',
  'Thanks to everyone who came along.',
  'Already planning the next one.',
  'Not sponsored, just happy.',
  'My legs will remember this tomorrow.',
] as const;

const COMMENTS = [
  'So good!',
  'Congrats 🎉',
  'Where is this?',
  'Looks amazing',
  'Miss you!',
  'Count me in next time',
  'Haha 😂',
  'Beautiful ❤️',
  'Wow!',
  'Need the recipe please',
  'This made my day',
  'Same here',
  'Great photo',
  'Wish I was there',
  'Love this',
  'So proud of you',
  'Let’s go again soon',
  'Totally agree',
  'Happy for you!',
  'Save me a slice 🍰',
] as const;

export const REACTION_WEIGHTS = {
  like: 60,
  love: 20,
  haha: 8,
  wow: 5,
  sad: 4,
  angry: 3,
} as const;

/** A post's text: one sentence or two, never over the 250 characters a post allows. */
export function postText(random: Random): string {
  const sentence = `${random.pick(POST_OPENERS)} ${random.pick(POST_SUBJECTS)}${random.pick(POST_ENDINGS)}`;
  return random.chance(0.35) ? `${sentence} ${random.pick(POST_EXTRAS)}` : sentence;
}

/** A short line that reads well on a coloured background. */
export function backgroundText(random: Random): string {
  return `${random.pick(POST_OPENERS)} ${random.pick(POST_SUBJECTS)}${random.pick(POST_ENDINGS)}`;
}

export function commentText(random: Random): string {
  const first = random.pick(COMMENTS);
  return random.chance(0.2) ? `${first} ${random.pick(COMMENTS)}` : first;
}

/** Some of the profile details a member fills in; most leave some fields empty. */
export function memberDetails(random: Random): Record<string, string> {
  const details: Record<string, string> = {};
  if (random.chance(0.6)) details.bio = random.pick(BIOS);
  if (random.chance(0.5)) details.job = random.pick(JOBS);
  if (random.chance(0.4)) details.workplace = random.pick(WORKPLACES);
  if (random.chance(0.4)) details.highSchool = random.pick(SCHOOLS);
  if (random.chance(0.3)) details.college = random.pick(COLLEGES);
  if (random.chance(0.6)) details.currentCity = random.pick(TOWNS);
  if (random.chance(0.4)) details.hometown = random.pick(TOWNS);
  if (random.chance(0.5)) {
    details.relationship = random.pick(['Single', 'In a relationship', 'Married', 'Divorced']);
  }
  return details;
}
