import type { KeyboardEvent } from 'react';

/** A box's keys: Enter sends, Shift+Enter starts a new line, and an IME's Enter picks a word. */
export function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>, send: () => void) {
  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    send();
  }
}
