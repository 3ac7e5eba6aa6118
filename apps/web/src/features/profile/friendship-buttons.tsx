import type { Friendship } from '@hearth/contract';
import type { ReactNode } from 'react';
import { useFriendshipMutation } from '../../api/profile';
import { useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { CloseIcon } from '../../ui/icons';
import { PersonAddIcon, PersonCheckIcon, PersonRemoveIcon, RssIcon } from '../../ui/profile-icons';
import { MenuButton } from './menu-button';
import { profileMessages as m } from './profile.messages';
import styles from './profile-page.module.css';

/**
 * What a visitor can do (spec section 4): one friendship button or menu for the state, and the
 * separate Follow/Following button. Each change shows at once, then goes to the server. A
 * member whose privacy settings keep the visitor from sending a request shows no Add Friend;
 * a request already on its way either way still shows (Cancel Request, Respond).
 */
export function FriendshipButtons({
  username,
  profileId,
  friendship,
  acceptsFriendRequests,
  children,
}: {
  username: string;
  profileId: string;
  friendship: Friendship;
  /** Whether the visitor may send this member a friend request (the profile says). */
  acceptsFriendRequests: boolean;
  /** More actions at the end of the row (the profile's options menu). */
  children?: ReactNode;
}) {
  const t = useT();
  const { mutate } = useFriendshipMutation(username, profileId);

  let main: ReactNode = null;
  if (friendship.friends) {
    main = (
      <MenuButton
        label={t(m.friendsButton)}
        icon={<PersonCheckIcon />}
        className={buttons.secondary}
        align="right"
        items={[
          friendship.following
            ? { label: t(m.unfollow), icon: <RssIcon />, onSelect: () => mutate('unfollow') }
            : { label: t(m.follow), icon: <RssIcon />, onSelect: () => mutate('follow') },
          { label: t(m.unfriend), icon: <PersonRemoveIcon />, onSelect: () => mutate('unfriend') },
        ]}
      />
    );
  } else if (friendship.requestSent) {
    main = (
      <button
        type="button"
        className={buttons.primary}
        onClick={() => mutate('cancelFriendRequest')}
      >
        <PersonRemoveIcon />
        {t(m.cancelRequest)}
      </button>
    );
  } else if (friendship.requestReceived) {
    main = (
      <MenuButton
        label={t(m.respond)}
        icon={<PersonCheckIcon />}
        className={buttons.primary}
        align="right"
        items={[
          {
            label: t(m.acceptRequest),
            icon: <PersonCheckIcon />,
            onSelect: () => mutate('acceptRequest'),
          },
          { label: t(m.delete), icon: <CloseIcon />, onSelect: () => mutate('deleteRequest') },
        ]}
      />
    );
  } else if (acceptsFriendRequests) {
    main = (
      <button type="button" className={buttons.primary} onClick={() => mutate('addFriend')}>
        <PersonAddIcon />
        {t(m.addFriend)}
      </button>
    );
  }

  return (
    <div className={styles.friendship}>
      {main}
      {friendship.following ? (
        <button type="button" className={buttons.secondary} onClick={() => mutate('unfollow')}>
          <RssIcon />
          {t(m.following)}
        </button>
      ) : (
        <button type="button" className={buttons.secondary} onClick={() => mutate('follow')}>
          <RssIcon />
          {t(m.follow)}
        </button>
      )}
      {children}
    </div>
  );
}
