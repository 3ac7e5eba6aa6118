import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './popup.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface PopupProps {
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Escape closes the popup when given. */
  onClose?: () => void;
  className?: string;
  children: ReactNode;
}

/** A modal dialog: focus moves in, stays in, and returns where it was when it closes. */
export function Popup({ labelledBy, describedBy, onClose, className, children }: PopupProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  // Where focus was before the popup opened, read once, before the popup takes it.
  const [returnFocusTo] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const dialog = dialogRef.current;
    // The first field when there is one (a form), otherwise the dialog itself.
    const firstField = dialog?.querySelector<HTMLElement>('input, select, textarea');
    (firstField ?? dialog)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Only on a real close: StrictMode's rehearsal keeps the dialog in the page, and moving
      // focus out then would mark its first field as touched.
      if (!dialog?.isConnected) returnFocusTo?.focus?.();
    };
  }, [returnFocusTo]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className={styles.overlay}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className ? `${styles.dialog} ${className}` : styles.dialog}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
