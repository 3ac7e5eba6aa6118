import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { listReactions } from './post-card';

describe('the reactions a card lists', () => {
  afterEach(async () => {
    await setLanguage('en', { remember: false });
  });

  it('are listed in English as the browser’s own list format writes them, without loading it', () => {
    const english = new Intl.ListFormat('en', { type: 'unit', style: 'short' });
    for (const names of [['like'], ['like', 'love'], ['like', 'love', 'haha']]) {
      expect(listReactions(names)).toBe(english.format(names));
    }
  });

  it('are listed in the member’s language otherwise', async () => {
    await setLanguage('ja', { remember: false });
    const names = ['いいね', '超いいね'];
    expect(listReactions(names)).toBe(
      new Intl.ListFormat('ja', { type: 'unit', style: 'short' }).format(names),
    );
  });
});
