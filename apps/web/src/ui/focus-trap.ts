import type { KeyboardEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab visits inside `container`: one radio per group (the checked one, else the first). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  const radioGroups = new Set<string>();
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) {
      return true;
    }
    const group = element.form ?? container;
    const checked = group.querySelector<HTMLInputElement>(
      `input[type="radio"][name="${CSS.escape(element.name)}"]:checked`,
    );
    if (checked) return checked === element;
    if (radioGroups.has(element.name)) return false;
    radioGroups.add(element.name);
    return true;
  });
}

/** The first field, or else the first thing Tab would reach, or else the container itself. */
export function focusFirstIn(container: HTMLElement): void {
  const target =
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    container.querySelector<HTMLElement>('input:not([type="radio"]), select, textarea') ??
    tabbableIn(container)[0] ??
    container;
  target.focus();
}

/** Keeps Tab and Shift+Tab going round inside `container` (a dialog's focus trap). */
export function keepTabInside(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const tabbable = tabbableIn(container);
  const first = tabbable[0];
  const last = tabbable[tabbable.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
