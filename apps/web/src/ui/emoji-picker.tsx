import { EMOJI_PICKER } from '@hearth/contract';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useDarkTheme } from '../session/theme';
import { Spinner } from './spinner';

// The picker and its emoji data load only when a member opens it.
const Picker = lazy(() => import('emoji-picker-react'));

/** Spec section 8: a picker that fails renders nothing and says so on the console. */
class PickerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    console.error('Emoji Picker React failed to render');
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [dark] = useDarkTheme();
  return (
    <PickerBoundary>
      <Suspense fallback={<Spinner label="Loading emoji" />}>
        <Picker
          onEmojiClick={(data) => onPick(data.emoji)}
          theme={dark ? 'dark' : 'light'}
          width={Math.min(EMOJI_PICKER.width, window.innerWidth - 40)}
          height={EMOJI_PICKER.height}
          previewConfig={{ showPreview: false }}
        />
      </Suspense>
    </PickerBoundary>
  );
}

/** Puts `insert` where the caret is in `field`, within `max` characters; returns the new text. */
export function insertAtCaret(
  field: HTMLTextAreaElement | HTMLInputElement | null,
  text: string,
  insert: string,
  max = Number.POSITIVE_INFINITY,
): { text: string; caret: number } {
  const start = field?.selectionStart ?? text.length;
  const end = field?.selectionEnd ?? text.length;
  const room = max - (text.length - (end - start));
  if (insert.length > room) return { text, caret: end };
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
