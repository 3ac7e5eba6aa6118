import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from './focus-trap';
import styles from './popup.module.css';

interface PopupProps {
  /** Id of the heading that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  /** Escape and a press outside the dialog close the popup when given. */
  onClose?: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog: focus moves in, stays in, and returns where it was when it closes. One that
 * can be closed closes on Escape and on a press on the backdrop around it.
 */
export function Popup({ labelledBy, describedBy, onClose, className, children }: PopupProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  // Where focus was before the popup opened, read once, before the popup takes it.
  const [returnFocusTo] = useState(() => document.activeElement as HTMLElement | null);

  useEffect(() => {
    const dialog = dialogRef.current;
    // The field marked data-autofocus (a radio group's checked one), else the first field when
    // there is one (a form), otherwise the dialog itself.
    const firstField =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog?.querySelector<HTMLElement>('input, select, textarea');
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
    if (dialogRef.current) keepTabInside(event, dialogRef.current);
  }

  // Only a press that starts on the backdrop itself: a drag that began inside (a crop, a
  // text selection) and ends outside keeps the dialog.
  function onBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    if (!onClose || event.target !== event.currentTarget) return;
    // The press must not move focus: it goes back to where it was before the popup opened.
    event.preventDefault();
    onClose();
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's way out; Escape is the keyboard's.
    <div className={styles.overlay} onMouseDown={onBackdropMouseDown}>
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
