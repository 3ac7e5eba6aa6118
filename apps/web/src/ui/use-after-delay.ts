import { useEffect, useRef } from 'react';

/** Runs `action` once `delayMs` after `active` turns true; unmounting cancels it. */
export function useAfterDelay(active: boolean, delayMs: number, action: () => void): void {
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  });
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => actionRef.current(), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
}
