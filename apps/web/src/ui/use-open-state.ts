import { useCallback, useRef, useState } from 'react';

/**
 * Whether a button's popup (a menu, a panel) is open, and the ways to close it: `close` leaves
 * focus where it is, `closeAndReturn` gives it back to the button.
 */
export function useOpenState() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toggle = useCallback(() => setOpen((was) => !was), []);
  const close = useCallback(() => setOpen(false), []);
  const closeAndReturn = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  return { open, toggle, close, closeAndReturn, buttonRef };
}
