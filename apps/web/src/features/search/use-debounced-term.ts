import { useEffect, useState } from 'react';

/**
 * `term` once it has stayed the same for `delayMs` (the last term is never dropped); an empty
 * term at once, so clearing the input clears the results without waiting.
 */
export function useDebouncedTerm(term: string, delayMs: number): string {
  const [settled, setSettled] = useState(term);
  useEffect(() => {
    if (term === '') {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(term), delayMs);
    return () => clearTimeout(timer);
  }, [term, delayMs]);
  return term === '' ? '' : settled;
}
