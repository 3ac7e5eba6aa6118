import type { ReactNode } from 'react';
import type { useMenu } from './use-menu';

/** The open menu of a useMenu button, named `label`: its items are the children. */
export function MenuPanel({
  menu,
  label,
  className,
  children,
}: {
  menu: ReturnType<typeof useMenu>;
  label: string;
  className: string | undefined;
  children: ReactNode;
}) {
  if (!menu.open) return null;
  return (
    <div ref={menu.menuRef} id={menu.menuId} role="menu" aria-label={label} className={className}>
      {children}
    </div>
  );
}
