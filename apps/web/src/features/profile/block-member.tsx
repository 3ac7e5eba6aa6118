import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { forgetProfile, useBlockMutation } from '../../api/blocking';
import { errorMessage } from '../../api/client';
import { useUnmuteMutation } from '../../api/muting';
import { lazyTranslated, translate, useT } from '../../i18n';
import { useNavigate } from '../../routing/routing';
import { MoreIcon, ReportIcon } from '../../ui/feed-icons';
import { BlockIcon, MuteIcon, UnmuteIcon } from '../../ui/profile-icons';
import { ConfirmMemberDialog } from './confirm-member-dialog';
import { MenuButton } from './menu-button';
import { MuteDialog } from './mute-dialog';
import { profileMessages as m } from './profile.messages';
import styles from './profile-page.module.css';

// Loaded once a member reports someone, not with the profile.
const ReportDialog = lazyTranslated(() =>
  import('../moderation/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

interface Member {
  _id: string;
  username: string;
  first_name: string;
  /** Whether the member looking muted this one (the menu offers Unmute then). */
  muted: boolean;
}

type OpenDialog =
  | { kind: 'block' }
  | { kind: 'report' }
  | { kind: 'mute' }
  /** An unmute from the menu failed: why, and a second try. */
  | { kind: 'unmute'; error: string };

/**
 * The '…' menu of another member's profile: Mute (after a confirmation) or Unmute (at once),
 * Block (after a confirmation), and Report (the Report dialog).
 */
export function ProfileOptions({ member }: { member: Member }) {
  const t = useT();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // Said to screen readers once a mute or unmute is done; the menu's entry changes with it.
  const [announcement, setAnnouncement] = useState('');
  const unmute = useUnmuteMutation();
  const queryClient = useQueryClient();
  const blocked = useRef(false);
  const { username, first_name: name } = member;
  // The profile just blocked is forgotten once it has left the screen: forgotten while shown, it
  // would be read again at once, answer 'not found' and send the member to their own profile.
  useEffect(
    () => () => {
      if (blocked.current) forgetProfile(queryClient, username);
    },
    [queryClient, username],
  );

  function unmuteNow() {
    setAnnouncement('');
    unmute.mutate(member, {
      onSuccess: () => setAnnouncement(translate(m.youUnmuted, { name })),
      onError: (failure) => setDialog({ kind: 'unmute', error: errorMessage(failure) }),
    });
  }

  return (
    <>
      <MenuButton
        label={t(m.options)}
        iconOnly
        icon={<MoreIcon />}
        className={styles.moreButton}
        align="right"
        items={[
          member.muted
            ? {
                label: t(m.unmuteName, { name }),
                icon: <UnmuteIcon />,
                // Focus waits on the menu's button: the entry changes, or a failure's dialog opens.
                opensDialog: true,
                onSelect: unmuteNow,
              }
            : {
                label: t(m.muteName, { name }),
                icon: <MuteIcon />,
                opensDialog: true,
                onSelect: () => {
                  setAnnouncement('');
                  setDialog({ kind: 'mute' });
                },
              },
          {
            label: t(m.blockName, { name }),
            icon: <BlockIcon />,
            opensDialog: true,
            onSelect: () => setDialog({ kind: 'block' }),
          },
          {
            label: t(m.reportName, { name }),
            icon: <ReportIcon />,
            opensDialog: true,
            onSelect: () => setDialog({ kind: 'report' }),
          },
        ]}
      />
      <span role="status" className="visually-hidden">
        {announcement}
      </span>
      {dialog?.kind === 'block' && (
        <BlockDialog
          member={member}
          onBlocked={() => {
            blocked.current = true;
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'report' && (
        <Suspense fallback={null}>
          <ReportDialog
            title={t(m.reportName, { name })}
            target={{ userId: member._id }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {(dialog?.kind === 'mute' || dialog?.kind === 'unmute') && (
        <MuteDialog
          member={member}
          action={dialog.kind}
          initialError={dialog.kind === 'unmute' ? dialog.error : null}
          onDone={() =>
            setAnnouncement(translate(dialog.kind === 'mute' ? m.youMuted : m.youUnmuted, { name }))
          }
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/**
 * 'Block Ada?': what a block does, then Confirm or Cancel. Once blocked the profile is gone for
 * this member, so the home page shows instead.
 */
function BlockDialog({
  member,
  onBlocked,
  onClose,
}: {
  member: Member;
  onBlocked: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const block = useBlockMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const name = member.first_name;

  function confirm() {
    setError(null);
    block.mutate(member._id, {
      onSuccess: () => {
        onBlocked();
        void navigate('/', { replace: true });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <ConfirmMemberDialog
      title={t(m.blockTitle, { name })}
      description={
        <>
          <p>{t(m.blockEffect, { name })}</p>
          <p>{t(m.blockFriendship, { name })}</p>
        </>
      }
      error={error}
      onDismissError={() => setError(null)}
      pending={block.isPending}
      pendingLabel={t(m.blocking)}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
