import type { ComponentType } from 'react';
import { GroupIcon, StoreIcon, VideoIcon } from '../../ui/feed-icons';
import type { IconProps } from '../../ui/icons';

/** The header's three middle icons after home and friends: they lead to / (spec 'Header'). */
export const MIDDLE_LINKS: readonly { name: string; Icon: ComponentType<IconProps> }[] = [
  { name: 'Watch', Icon: VideoIcon },
  { name: 'Marketplace', Icon: StoreIcon },
  { name: 'Groups', Icon: GroupIcon },
];
