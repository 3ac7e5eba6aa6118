import type { ReactNode } from 'react';
import { MenuPanel } from '../../ui/menu-panel';
import { useMenu } from '../../ui/use-menu';
import styles from './menu-button.module.css';

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** It opens a dialog: focus goes back to the menu's button first, where the dialog returns it. */
  opensDialog?: boolean;
}

/** A button that opens a small menu: arrow keys move, Escape closes, an outside click closes. */
export function MenuButton({
  label,
  icon,
  items,
  className,
  align = 'left',
  iconOnly = false,
}: {
  label: string;
  icon?: ReactNode;
  items: MenuItem[];
  className?: string | undefined;
  align?: 'left' | 'right';
  /** Only the icon shows; `label` is the button's accessible name. */
  iconOnly?: boolean;
}) {
  const menu = useMenu();
  const { open, toggle, close, closeAndReturn, onKeyDown, wrapperRef, buttonRef, menuId } = menu;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the whole menu.
    <div ref={wrapperRef} className={styles.wrapper} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={iconOnly ? label : undefined}
        onClick={toggle}
      >
        {icon}
        {!iconOnly && <span>{label}</span>}
      </button>
      <MenuPanel
        menu={menu}
        label={label}
        className={align === 'right' ? `${styles.menu} ${styles.right}` : styles.menu}
      >
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            className={styles.item}
            onClick={() => {
              if (item.opensDialog) closeAndReturn();
              else close();
              item.onSelect();
            }}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        ))}
      </MenuPanel>
    </div>
  );
}
