import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type MuteTarget, useMuteMutation, useUnmuteMutation } from '../../api/muting';
import { ConfirmMemberDialog } from './confirm-member-dialog';

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
      title={action === 'mute' ? `Mute ${name}?` : `Unmute ${name}?`}
      description={
        action === 'mute' ? (
          <>
            <p>
              {name}'s posts won't show in your Feed, and what {name} does won't notify you. {name}{' '}
              won't be told.
            </p>
            <p>
              You can still visit {name}'s profile and see their posts there, and unmute them at any
              time from their profile or from Settings &amp; privacy, Muted.
            </p>
          </>
        ) : (
          <p>
            {name}'s posts will show in your Feed again, and what {name} does will notify you again.
          </p>
        )
      }
      error={error}
      onDismissError={() => setError(null)}
      pending={change.isPending}
      pendingLabel={action === 'mute' ? 'Muting…' : 'Unmuting…'}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
