import { type ReactNode, useId } from 'react';
import { useT } from '../../i18n';
import buttons from '../../ui/button.module.css';
import { Dialog, DialogBody, DialogFooter } from '../../ui/dialog';
import { ErrorBox } from '../../ui/error-box';
import { profileMessages as m } from './profile.messages';
import styles from './profile-page.module.css';

/**
 * A profile menu's 'Block Ada?' or 'Mute Ada?': what the change does, the last attempt's
 * failure if any, then Cancel or Confirm (which reads `pendingLabel` while the call runs).
 */
export function ConfirmMemberDialog({
  title,
  description,
  error,
  onDismissError,
  pending,
  pendingLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  error: string | null;
  onDismissError: () => void;
  pending: boolean;
  pendingLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const descriptionId = useId();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      describedBy={descriptionId}
      className={styles.blockDialog}
    >
      <DialogBody>
        <div id={descriptionId} className={styles.blockText}>
          {description}
        </div>
        {error && <ErrorBox message={error} onRetry={onDismissError} />}
      </DialogBody>
      <DialogFooter>
        <button type="button" className={buttons.secondary} onClick={onClose}>
          {t(m.cancel)}
        </button>
        <button type="button" className={buttons.primary} disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : t(m.confirm)}
        </button>
      </DialogFooter>
    </Dialog>
  );
}
