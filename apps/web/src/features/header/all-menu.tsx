import { Suspense } from 'react';
import { lazyTranslated, useT } from '../../i18n';
import { MenuGridIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { headerMessages as m } from './header.messages';
import { HeaderMenu } from './header-menu';

const loadAllMenu = () => import('./all-menu-panel');
// The menu's items and icons load only when a member reaches for it.
const AllMenuPanel = lazyTranslated(() => loadAllMenu().then((m) => ({ default: m.AllMenuPanel })));

/** The header's all-menu button and its panel (spec 'All-menu panel'). */
export function AllMenu() {
  const t = useT();
  return (
    <HeaderMenu
      label={t(m.menu)}
      panelLabel={t(m.menu)}
      icon={<MenuGridIcon />}
      wide
      onIntent={() => void loadAllMenu()}
    >
      {() => (
        <Suspense fallback={<Spinner label={t(m.loadingMenu)} />}>
          <AllMenuPanel />
        </Suspense>
      )}
    </HeaderMenu>
  );
}
