import { DEFAULT_LANGUAGE, EMOJI_PICKER } from '@hearth/contract';
import type { Categories, PickerProps } from 'emoji-picker-react';
import { Component, type ReactNode, Suspense } from 'react';
import { type AppLanguage, lazyTranslated, translate, useLanguage, useT } from '../i18n';
import { useDarkTheme } from '../session/theme';
import { emojiMessages as m } from './emoji.messages';
import { Spinner } from './spinner';

// The picker and its emoji data load only when a member opens it.
const Picker = lazyTranslated(() => import('emoji-picker-react'));

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

/** The picker's categories, in its own order, each with its name (Hearth has no custom emoji). */
const CATEGORIES = [
  ['suggested', m.suggested],
  ['smileys_people', m.smileysPeople],
  ['animals_nature', m.animalsNature],
  ['food_drink', m.foodDrink],
  ['travel_places', m.travelPlaces],
  ['activities', m.activities],
  ['objects', m.objects],
  ['symbols', m.symbols],
  ['flags', m.flags],
] as const;

/**
 * The picker's own words in the app's language. In English it keeps its defaults (the same
 * words), so nothing changes there; its emoji data (names, keywords) stays its own.
 */
function pickerTexts(language: AppLanguage): Pick<PickerProps, 'labels' | 'categories'> {
  if (language === DEFAULT_LANGUAGE) return {};
  return {
    labels: {
      searchPlaceholder: translate(m.searchPlaceholder),
      searchLabel: translate(m.searchLabel),
      searchClear: translate(m.searchClear),
      searchResultsNone: translate(m.searchResultsNone),
      searchResultsOne: translate(m.searchResultsOne),
      searchResultsMany: translate(m.searchResultsMany),
      categoryNavigation: translate(m.categoryNavigation),
      skinToneNeutral: translate(m.skinToneNeutral),
      skinToneLight: translate(m.skinToneLight),
      skinToneMediumLight: translate(m.skinToneMediumLight),
      skinToneMedium: translate(m.skinToneMedium),
      skinToneMediumDark: translate(m.skinToneMediumDark),
      skinToneDark: translate(m.skinToneDark),
    },
    categories: CATEGORIES.map(([category, name]) => ({
      category: category as Categories,
      name: translate(name),
    })),
  };
}

export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [dark] = useDarkTheme();
  const t = useT();
  const language = useLanguage();
  return (
    <PickerBoundary>
      <Suspense fallback={<Spinner label={t(m.loading)} />}>
        <Picker
          {...pickerTexts(language)}
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

/**
 * Puts a picked emoji where the caret is in a box's text field, hands the new text to `apply`,
 * and puts the caret after the emoji once the field shows it.
 */
export function insertEmojiInField(
  field: HTMLTextAreaElement | null,
  text: string,
  emoji: string,
  apply: (next: string) => void,
) {
  const next = insertAtCaret(field, text, emoji);
  apply(next.text);
  requestAnimationFrame(() => {
    field?.focus();
    field?.setSelectionRange(next.caret, next.caret);
  });
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
