import { lazy, Suspense } from 'react';
import { MenuGridIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { HeaderMenu } from './header-menu';

const loadAllMenu = () => import('./all-menu-panel');
// The menu's items and icons load only when a member reaches for it.
const AllMenuPanel = lazy(() => loadAllMenu().then((m) => ({ default: m.AllMenuPanel })));

/** The header's all-menu button and its panel (spec 'All-menu panel'). */
export function AllMenu() {
  return (
    <HeaderMenu
      label="Menu"
      panelLabel="Menu"
      icon={<MenuGridIcon />}
      wide
      onIntent={() => void loadAllMenu()}
    >
      {() => (
        <Suspense fallback={<Spinner label="Loading the menu" />}>
          <AllMenuPanel />
        </Suspense>
      )}
    </HeaderMenu>
  );
}
