import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { focusFirstIn, keepTabInside } from './focus-trap';
import { useOutsideClick } from './use-outside-click';

interface PopoverOptions {
  /** A dialog: Tab stays inside while it is open, and focus moves in when it opens. */
  dialog: boolean;
}

/**
 * A button that shows a panel (the header's menus, the emoji picker): a press outside both
 * closes it; Escape closes it, and focus that was in the panel goes back to the button. A
 * dialog panel takes focus when it opens and keeps Tab inside until it closes.
 */
export function usePopover({ dialog }: PopoverOptions) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const inside = useMemo(() => [buttonRef, panelRef], []);

  const close = useCallback(() => setOpen(false), []);
  const closeAndReturn = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useOutsideClick(inside, close, open);

  useEffect(() => {
    if (open && dialog && panelRef.current) focusFirstIn(panelRef.current);
  }, [open, dialog]);

  function onKeyDown(event: KeyboardEvent) {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (panelRef.current?.contains(document.activeElement)) closeAndReturn();
      else close();
    } else if (dialog && panelRef.current?.contains(event.target as Node)) {
      keepTabInside(event, panelRef.current);
    }
  }

  return {
    open,
    toggle: () => setOpen((was) => !was),
    close,
    closeAndReturn,
    onKeyDown,
    buttonRef,
    panelRef,
    panelId,
  };
}
