import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { forgetProfile, useBlockMutation } from '../../api/blocking';
import { errorMessage } from '../../api/client';
import { useUnmuteMutation } from '../../api/muting';
import { MoreIcon, ReportIcon } from '../../ui/feed-icons';
import { BlockIcon, MuteIcon, UnmuteIcon } from '../../ui/profile-icons';
import { ConfirmMemberDialog } from './confirm-member-dialog';
import { MenuButton } from './menu-button';
import { MuteDialog } from './mute-dialog';
import styles from './profile-page.module.css';

// Loaded once a member reports someone, not with the profile.
const ReportDialog = lazy(() =>
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
      onSuccess: () => setAnnouncement(`You unmuted ${name}.`),
      onError: (failure) => setDialog({ kind: 'unmute', error: errorMessage(failure) }),
    });
  }

  return (
    <>
      <MenuButton
        label="Profile options"
        iconOnly
        icon={<MoreIcon />}
        className={styles.moreButton}
        align="right"
        items={[
          member.muted
            ? {
                label: `Unmute ${name}`,
                icon: <UnmuteIcon />,
                // Focus waits on the menu's button: the entry changes, or a failure's dialog opens.
                opensDialog: true,
                onSelect: unmuteNow,
              }
            : {
                label: `Mute ${name}`,
                icon: <MuteIcon />,
                opensDialog: true,
                onSelect: () => {
                  setAnnouncement('');
                  setDialog({ kind: 'mute' });
                },
              },
          {
            label: `Block ${name}`,
            icon: <BlockIcon />,
            opensDialog: true,
            onSelect: () => setDialog({ kind: 'block' }),
          },
          {
            label: `Report ${name}`,
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
            title={`Report ${name}`}
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
            setAnnouncement(dialog.kind === 'mute' ? `You muted ${name}.` : `You unmuted ${name}.`)
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
      title={`Block ${name}?`}
      description={
        <>
          <p>
            {name} won't be able to see your posts, find your profile, comment on or react to your
            posts, or add you as a friend. You won't see {name} on Hearth either.
          </p>
          <p>
            If you're friends, blocking {name} also ends your friendship. You can unblock them later
            from Settings &amp; privacy, Blocking.
          </p>
        </>
      }
      error={error}
      onDismissError={() => setError(null)}
      pending={block.isPending}
      pendingLabel="Blocking…"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
