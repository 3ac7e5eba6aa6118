import { type RefObject, useEffect } from 'react';

type Inside = RefObject<HTMLElement | null>;

/** Calls `onOutside` for a pointer press outside `inside` (one element or several) while `active`. */
export function useOutsideClick(
  inside: Inside | readonly Inside[],
  onOutside: () => void,
  active: boolean,
): void {
  useEffect(() => {
    if (!active) return;
    const refs = Array.isArray(inside) ? inside : [inside as Inside];
    function onPointerDown(event: MouseEvent) {
      const target = event.target as Node;
      if (!refs.some((ref) => ref.current?.contains(target))) onOutside();
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [inside, onOutside, active]);
}
