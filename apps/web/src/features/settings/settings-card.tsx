import type { ComponentProps } from 'react';
import { PageCard } from '../../ui/page-card';
import page from './settings-page.module.css';

/**
 * A Settings & privacy page: one card under its title and intro, in the middle of the page.
 * With `headingRef`, the title can take focus (a page sends it there when its list empties).
 */
export function SettingsCard(card: ComponentProps<typeof PageCard>) {
  return (
    <div className={page.page}>
      <PageCard {...card} />
    </div>
  );
}
