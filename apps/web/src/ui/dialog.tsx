import { type FormEvent, type KeyboardEvent, type ReactNode, useId } from 'react';
import { useT } from '../i18n';
import styles from './dialog.module.css';
import { CloseIcon } from './icons';
import { Popup } from './popup';
import { uiMessages as m } from './ui.messages';

interface DialogProps {
  title: string;
  onClose: () => void;
  /** The frame's own look (its width), added to the popup's. */
  className?: string;
  /** The title's id, when the caller names other parts after it; one is made otherwise. */
  titleId?: string;
  describedBy?: string;
  /**
   * 'bar' (most dialogs): the title in the middle of a 60 px bar, a filled close button.
   * 'banner' (sign-up): a large title at the start, `subtitle` under it, a plain close button.
   */
  look?: 'bar' | 'banner';
  subtitle?: string;
  /** A 'bar' title that may wrap on a phone: tighter lines, each centred. */
  longTitle?: boolean;
  /** The close cross in the secondary text colour, centred in the bar. */
  mutedClose?: boolean;
  /** The whole dialog, header included, is one form with these handlers. */
  form?: {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onKeyDown?: (event: KeyboardEvent<HTMLFormElement>) => void;
  };
  children: ReactNode;
}

/** A modal dialog (see Popup) with its header: the title that names it and a Close button. */
export function Dialog({
  title,
  onClose,
  className,
  titleId,
  describedBy,
  look = 'bar',
  subtitle,
  longTitle = false,
  mutedClose = false,
  form,
  children,
}: DialogProps) {
  const madeId = useId();
  const id = titleId ?? madeId;
  const header = (
    <DialogHeader
      title={title}
      titleId={id}
      look={look}
      subtitle={subtitle}
      longTitle={longTitle}
      mutedClose={mutedClose}
      onClose={onClose}
    />
  );
  return (
    <Popup labelledBy={id} describedBy={describedBy} onClose={onClose} className={className}>
      {form ? (
        <form onSubmit={form.onSubmit} onKeyDown={form.onKeyDown} noValidate>
          {header}
          {children}
        </form>
      ) : (
        <>
          {header}
          {children}
        </>
      )}
    </Popup>
  );
}

/**
 * The header alone, for a dialog that lays its frame out itself (a form around the header and
 * a body of its own): Dialog is the whole of it otherwise.
 */
export function DialogHeader({
  title,
  titleId,
  look = 'bar',
  subtitle,
  longTitle = false,
  mutedClose = false,
  onClose,
}: Pick<DialogProps, 'title' | 'look' | 'subtitle' | 'longTitle' | 'mutedClose' | 'onClose'> & {
  titleId: string;
}) {
  const t = useT();
  const banner = look === 'banner';
  return (
    <div className={banner ? styles.banner : styles.head}>
      <h2
        id={titleId}
        className={
          banner
            ? styles.bannerTitle
            : longTitle
              ? `${styles.title} ${styles.longTitle}`
              : styles.title
        }
      >
        {title}
      </h2>
      {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      <button
        type="button"
        className={
          banner
            ? styles.bannerClose
            : mutedClose
              ? `${styles.close} ${styles.mutedClose}`
              : styles.close
        }
        aria-label={t(m.close)}
        onClick={onClose}
      >
        <CloseIcon {...(banner ? { width: 24, height: 24 } : {})} />
      </button>
    </div>
  );
}

export function DialogBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `${styles.body} ${className}` : styles.body}>{children}</div>;
}

/** The row of buttons under the body, at the end. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={styles.footer}>{children}</div>;
}
