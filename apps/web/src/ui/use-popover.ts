import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import { focusFirstIn, keepTabInside } from './focus-trap';
import { useOpenState } from './use-open-state';
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
  const state = useOpenState();
  const { open, close, closeAndReturn, buttonRef } = state;
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const inside = useMemo(() => [buttonRef, panelRef], [buttonRef]);
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

  return { ...state, onKeyDown, panelRef, panelId };
}
