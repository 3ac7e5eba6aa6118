import { useEffect, useRef, useState } from 'react';

/**
 * Keeps focus on the page when a control removes its own item: once the item has left `ids`,
 * focus goes to the control that took its place (else the one above), else to `fallback`.
 * Returns the function to call as the removal starts.
 */
export function useFocusAfterRemoval(
  ids: readonly string[],
  controls: () => readonly HTMLElement[],
  fallback: () => void,
): (id: string, index: number) => void {
  const [pending, setPending] = useState<{ id: string; index: number } | null>(null);
  const latest = useRef({ controls, fallback });
  useEffect(() => {
    latest.current = { controls, fallback };
  });
  useEffect(() => {
    if (!pending || ids.includes(pending.id)) return;
    setPending(null);
    const list = latest.current.controls();
    const next = list[Math.min(pending.index, list.length - 1)];
    if (next) next.focus();
    else latest.current.fallback();
  }, [ids, pending]);
  return (id, index) => setPending({ id, index });
}
