import { Icon, type IconProps } from '../../ui/icons';

/** Our own icons for the all-menu's items; they load with the menu. */
export function NewsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M3 4h14v14a2 2 0 0 0 2 2H5a2 2 0 0 1-2-2zm3 3v4h8V7zm0 6v1.6h8V13zm0 3.4V18h8v-1.6zM18 8h3v10a2 2 0 0 1-3 1.7z"
      />
    </Icon>
  );
}

export function DiceIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M6 3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3zm2 3.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm8 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm-4 4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm-4 4a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm8 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
      />
    </Icon>
  );
}

export function CardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM2 8v3h20V8zm3 6v2h6v-2z"
      />
    </Icon>
  );
}

export function MegaphoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 4v15l-8-3.8H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h3zM6.5 16.5h3.2l1.3 4.5H7.8zM17 8.5a3.5 3.5 0 0 1 0 7z" />
    </Icon>
  );
}

export function ShieldCrossIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="m12 2 8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm-1 5v3H8v2h3v3h2v-3h3v-2h-3V7z"
      />
    </Icon>
  );
}

export function LifebuoyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 5.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zM10.5 2.1v5.6h3V2.1zm0 14.2v5.6h3v-5.6zM2.1 10.5v3h5.6v-3zm14.2 0v3h5.6v-3z"
      />
    </Icon>
  );
}

export function SmileChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M12 3c5 0 9 3.4 9 7.8s-4 7.8-9 7.8c-.9 0-1.8-.1-2.6-.3L4 21l1.4-4.2A7.3 7.3 0 0 1 3 10.8C3 6.4 7 3 12 3zM9 7.6a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zm6 0a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 0 0 0-2.6zM8.4 12a3.6 3.6 0 0 0 7.2 0z"
      />
    </Icon>
  );
}

export function TagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M3 3h8.2L21 12.8 12.8 21 3 11.2zm4.5 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z"
      />
    </Icon>
  );
}

export function BookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 2h13v16H7a1 1 0 0 0 0 2h12v2H7a3 3 0 0 1-3-3V4a2 2 0 0 1 2-2z" />
    </Icon>
  );
}

export function RoomIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M3 5h12a1 1 0 0 1 1 1v3.5L22 6v12l-6-3.5V18a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm5 3v3H5v2h3v3h2v-3h3v-2h-3V8z"
      />
    </Icon>
  );
}

/** A tick beside the chosen entry (the account menu's language). */
export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 12-12-1.4-1.4z" />
    </Icon>
  );
}
