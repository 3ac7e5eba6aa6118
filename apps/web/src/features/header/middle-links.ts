import type { MessageDescriptor } from '@hearth/contract';
import type { ComponentType } from 'react';
import { GroupIcon, StoreIcon, VideoIcon } from '../../ui/feed-icons';
import type { IconProps } from '../../ui/icons';
import { headerMessages as m } from './header.messages';

/** The header's three middle icons after home and friends: they lead to / (spec 'Header'). */
export const MIDDLE_LINKS: readonly { name: MessageDescriptor; Icon: ComponentType<IconProps> }[] =
  [
    { name: m.watch, Icon: VideoIcon },
    { name: m.marketplace, Icon: StoreIcon },
    { name: m.groups, Icon: GroupIcon },
  ];
