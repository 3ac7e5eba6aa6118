import type { MessageDescriptor, Reaction } from '@hearth/contract';
import type { ReactNode } from 'react';
import { reactionsMessages as m } from './reactions.messages';

/** Our own emoji-style faces for the six reactions, drawn on a 40×40 grid. */
const AMBER = '#f7b928';
const FACE_DARK = '#5c3a0a';

function Face({ children, fill = AMBER }: { children: ReactNode; fill?: string }) {
  return (
    <>
      <circle cx="20" cy="20" r="19" fill={fill} />
      {children}
    </>
  );
}

const FACES: Record<Reaction, ReactNode> = {
  like: (
    <>
      <circle cx="20" cy="20" r="19" fill="#1b74e4" />
      <path
        fill="#fff"
        d="M17 17.5 21.4 10c1.8 0 2.9 1.5 2.5 3.2l-.7 3.3h5.3a2 2 0 0 1 2 2.4l-1.3 7.2a2 2 0 0 1-2 1.7H17zm-6 .5h4.2v9.8H11z"
      />
    </>
  ),
  love: (
    <>
      <circle cx="20" cy="20" r="19" fill="#f0284a" />
      <path fill="#fff" d="M20 30 11.6 21.8a5.2 5.2 0 0 1 8.4-6.4 5.2 5.2 0 0 1 8.4 6.4z" />
    </>
  ),
  haha: (
    <Face>
      <path
        d="M10.5 15.5 15 13.5l-4.5-2M29.5 15.5 25 13.5l4.5-2"
        fill="none"
        stroke={FACE_DARK}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M9 20h22c0 6.5-5 11-11 11S9 26.5 9 20z" fill={FACE_DARK} />
      <path
        d="M13.5 27.5c1.8-1.8 4-2.6 6.5-2.6s4.7.8 6.5 2.6A10.5 10.5 0 0 1 20 31a10.5 10.5 0 0 1-6.5-3.5z"
        fill="#f0284a"
      />
    </Face>
  ),
  wow: (
    <Face>
      <path
        d="M10.5 11.5c1.2-1.5 3-2 4.8-1.4M29.5 11.5c-1.2-1.5-3-2-4.8-1.4"
        fill="none"
        stroke={FACE_DARK}
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <ellipse cx="13.5" cy="16.5" rx="2.4" ry="3.2" fill={FACE_DARK} />
      <ellipse cx="26.5" cy="16.5" rx="2.4" ry="3.2" fill={FACE_DARK} />
      <ellipse cx="20" cy="27.5" rx="4.6" ry="5.6" fill={FACE_DARK} />
    </Face>
  ),
  sad: (
    <Face>
      <path
        d="M10.5 14c1.6-.4 3.4-1.4 4.6-3M29.5 14c-1.6-.4-3.4-1.4-4.6-3"
        fill="none"
        stroke={FACE_DARK}
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <ellipse cx="14" cy="19" rx="2.2" ry="2.6" fill={FACE_DARK} />
      <ellipse cx="26" cy="19" rx="2.2" ry="2.6" fill={FACE_DARK} />
      <path
        d="M14.5 29.5c3.2-3 7.8-3 11 0"
        fill="none"
        stroke={FACE_DARK}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <path
        d="M27.5 22.5c1.4 2 2.4 3.4 2.4 4.6a2.4 2.4 0 0 1-4.8 0c0-1.2 1-2.6 2.4-4.6z"
        fill="#5aa6f0"
      />
    </Face>
  ),
  angry: (
    <Face fill="#e8532a">
      <path d="M5 27a19 19 0 0 0 30 0z" fill="#f28a3c" />
      <path
        d="M10 15.5l7 2.5M30 15.5l-7 2.5"
        fill="none"
        stroke={FACE_DARK}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <circle cx="14.5" cy="20.5" r="2.2" fill={FACE_DARK} />
      <circle cx="25.5" cy="20.5" r="2.2" fill={FACE_DARK} />
      <path
        d="M15 29c3-1.8 7-1.8 10 0"
        fill="none"
        stroke={FACE_DARK}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </Face>
  ),
};

export function ReactionIcon({ react, size = 18 }: { react: Reaction; size?: number }) {
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      style={{ flexShrink: 0 }}
    >
      {FACES[react]}
    </svg>
  );
}

/** 'like' -> 'Like': the label the like button shows for the member's reaction. */
export const REACTION_LABELS: Record<Reaction, MessageDescriptor> = {
  like: m.like,
  love: m.love,
  haha: m.haha,
  wow: m.wow,
  sad: m.sad,
  angry: m.angry,
};

/** A reaction's name as read out: the popup's buttons, a post's reaction count ('like, love'). */
export const REACTION_NAMES: Record<Reaction, MessageDescriptor> = {
  like: m.likeName,
  love: m.loveName,
  haha: m.hahaName,
  wow: m.wowName,
  sad: m.sadName,
  angry: m.angryName,
};
