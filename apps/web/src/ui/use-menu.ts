import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useOpenState } from './use-open-state';
import { useOutsideClick } from './use-outside-click';

/**
 * A menu button's behaviour (the WAI-ARIA menu pattern): the first item takes focus on open;
 * arrows, Home and End move between items; Escape closes and gives focus back to the button;
 * Tab or a press outside closes.
 */
export function useMenu() {
  const state = useOpenState();
  const { open, close, closeAndReturn } = state;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useOutsideClick(wrapperRef, close, open);

  useEffect(() => {
    const menu = menuRef.current;
    if (!open || !menu) return;
    // The whole menu in view, not just its first item: near the foot of a phone's screen it
    // would otherwise open mostly below the fold.
    menu.scrollIntoView?.({ block: 'nearest' });
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (!open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeAndReturn();
      return;
    }
    if (event.key === 'Tab') {
      close();
      return;
    }
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else return;
    event.preventDefault();
  }

  return { ...state, onKeyDown, wrapperRef, menuRef, menuId };
}
