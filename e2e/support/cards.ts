import type { Locator, Page } from 'playwright-core';
import type { Member } from './members.js';

/** The card of `author`'s post that says `text`. */
export function postCard(page: Page, author: Member, text: string): Locator {
  return page
    .getByRole('article', { name: `Post by ${author.first_name} ${author.last_name}` })
    .filter({ hasText: text });
}
