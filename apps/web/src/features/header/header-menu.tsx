import type { ReactNode } from 'react';
import { usePopover } from '../../ui/use-popover';
import menus from './header-menus.module.css';

interface HeaderMenuProps {
  /** The button's name. */
  label: string;
  /** The open panel's name. */
  panelLabel: string;
  icon: ReactNode;
  /** Shown on the button's corner (the bell's count). */
  badge?: ReactNode;
  wide?: boolean;
  /** The pointer or focus reached the button: a moment to fetch what the panel needs. */
  onIntent?: () => void;
  /** The panel's content, given a way to close the menu (e.g. after following a link). */
  children: (close: () => void) => ReactNode;
}

/**
 * A round header button and the panel it opens: a dialog that takes focus and keeps Tab inside,
 * closed by the button, Escape (focus back on the button) or a press outside. The content
 * mounts on each opening, so it always starts afresh.
 */
export function HeaderMenu({
  label,
  panelLabel,
  icon,
  badge,
  wide,
  onIntent,
  children,
}: HeaderMenuProps) {
  const { open, toggle, close, onKeyDown, buttonRef, panelRef, panelId } = usePopover({
    dialog: true,
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and the focus trap for the whole menu.
    <div className={menus.wrapper} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={menus.circle}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={toggle}
      >
        {icon}
        {badge}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-label={panelLabel}
          tabIndex={-1}
          className={wide ? `${menus.panel} ${menus.wide}` : menus.panel}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
