import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type MuteTarget, useMuteMutation, useUnmuteMutation } from '../../api/muting';
import { useT } from '../../i18n';
import { ConfirmMemberDialog } from './confirm-member-dialog';
import { profileMessages as m } from './profile.messages';

export interface MuteDialogMember extends MuteTarget {
  first_name: string;
}

/**
 * 'Mute Ada?': what a mute does, then Confirm or Cancel. 'Unmute Ada?' shows only when an
 * unmute from the menu failed: its reason, and Confirm to try again.
 */
export function MuteDialog({
  member,
  action,
  initialError = null,
  onDone,
  onClose,
}: {
  member: MuteDialogMember;
  action: 'mute' | 'unmute';
  initialError?: string | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const mute = useMuteMutation();
  const unmute = useUnmuteMutation();
  const change = action === 'mute' ? mute : unmute;
  const [error, setError] = useState<string | null>(initialError);
  const name = member.first_name;

  function confirm() {
    setError(null);
    change.mutate(member, {
      onSuccess: () => {
        onDone();
        onClose();
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <ConfirmMemberDialog
      title={action === 'mute' ? t(m.muteTitle, { name }) : t(m.unmuteTitle, { name })}
      description={
        action === 'mute' ? (
          <>
            <p>{t(m.muteEffect, { name })}</p>
            <p>{t(m.muteUndo, { name })}</p>
          </>
        ) : (
          <p>{t(m.unmuteEffect, { name })}</p>
        )
      }
      error={error}
      onDismissError={() => setError(null)}
      pending={change.isPending}
      pendingLabel={action === 'mute' ? t(m.muting) : t(m.unmuting)}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
