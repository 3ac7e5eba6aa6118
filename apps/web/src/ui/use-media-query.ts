import { WIDE_LAYOUT_BREAKPOINTS } from '@hearth/contract';
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Forms place a field's error beside it from this width on, above or below it under it. */
export function useWideForm(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_LAYOUT_BREAKPOINTS.form}px)`);
}
