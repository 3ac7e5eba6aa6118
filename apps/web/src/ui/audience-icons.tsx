import type { Audience } from '@hearth/contract';
import { GlobeIcon, LockIcon } from './feed-icons';
import { Icon, type IconProps } from './icons';

/** Members of this server: two people side by side, the same size. */
export function MembersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="7.5" cy="8" r="3.2" />
      <circle cx="16.5" cy="8" r="3.2" />
      <path d="M1.5 19.5v-1.3c0-2.9 2.7-4.7 6-4.7 1.5 0 2.9.4 3.9 1-.9.9-1.4 2.1-1.4 3.5v1.5z" />
      <path d="M12 19.5V18c0-2.7 2.2-4.5 4.5-4.5s6 1.4 6 4.7v1.3z" />
    </Icon>
  );
}

/** Friends: a person and, a little behind them, a smaller one. */
export function FriendsAudienceIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="7.5" r="3.6" />
      <circle cx="17.5" cy="9.5" r="2.6" />
      <path d="M2 20v-1.4c0-3.2 3.1-5.1 7-5.1s7 1.9 7 5.1V20z" />
      <path d="M16 14.4c.5-.2 1-.3 1.5-.3 2.6 0 4.5 1.5 4.5 3.9V20h-4.5v-1.4c0-1.7-.6-3.1-1.5-4.2z" />
    </Icon>
  );
}

const GLYPHS = {
  public: GlobeIcon,
  members: MembersIcon,
  friends: FriendsAudienceIcon,
  only_me: LockIcon,
} satisfies Record<Audience, (props: IconProps) => unknown>;

/** The icon of an audience (globe, two people, friends, lock); decorative, like every icon. */
export function AudienceIcon({ audience, ...props }: IconProps & { audience: Audience }) {
  const Glyph = GLYPHS[audience];
  return <Glyph {...props} />;
}
