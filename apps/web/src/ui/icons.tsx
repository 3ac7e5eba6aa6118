import type { SVGProps } from 'react';

/** Our own small icons, drawn for Hearth. Decorative unless given a title by the caller. */
export type IconProps = SVGProps<SVGSVGElement>;

/** The frame every icon of ours shares: a 24-unit square, hidden from assistive technology. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function ErrorIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 14.6a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6zM10.8 6h2.4l-.4 8.6h-1.6z" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.2 4.8 12 10.6l5.8-5.8 1.4 1.4-5.8 5.8 5.8 5.8-1.4 1.4-5.8-5.8-5.8 5.8-1.4-1.4 5.8-5.8-5.8-5.8z" />
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
    </Icon>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 2.5 11.2l1.3 1.5L5 11.7V21h5.5v-6h3v6H19v-9.3l1.2 1 1.3-1.5z" />
    </Icon>
  );
}

export function FriendsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4 0 7 2 7 5v2H2v-2c0-3 3-5 7-5zm7.5-9.5a3.5 3.5 0 1 1 0 7h-.3a5.9 5.9 0 0 0 0-7zM18 14c2.6.5 4 2 4 4.5V21h-4v-2c0-1.9-.8-3.6-2.2-4.9z" />
    </Icon>
  );
}

export function CaretDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5.5 8.5h13L12 16z" />
    </Icon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
    </Icon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9.4 5 7 7-7 7L8 17.6l5.6-5.6L8 6.4z" />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 3h9v2H6v14h7v2H4zm12.6 4.4L21.2 12l-4.6 4.6-1.4-1.4 2.2-2.2H10v-2h7.4l-2.2-2.2z" />
    </Icon>
  );
}

export function GearIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m13.7 2 .5 2.6a8 8 0 0 1 1.8 1l2.5-.9 1.7 3-2 1.7a8 8 0 0 1 0 2.1l2 1.7-1.7 3-2.5-.9a8 8 0 0 1-1.8 1l-.5 2.7h-3.4l-.5-2.6a8 8 0 0 1-1.8-1l-2.5.9-1.7-3 2-1.7a8 8 0 0 1 0-2.1l-2-1.8 1.7-3 2.5.9a8 8 0 0 1 1.8-1L10.3 2zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7z" />
    </Icon>
  );
}

export function HelpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm-.1 14.2a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM12 5.5c-2.2 0-3.8 1.3-3.9 3.3h2.1c.1-.9.8-1.5 1.8-1.5s1.7.6 1.7 1.4c0 .7-.3 1.1-1.3 1.7-1.1.7-1.6 1.4-1.5 2.7v.5h2v-.4c0-.8.3-1.1 1.3-1.7 1.1-.7 1.7-1.5 1.7-2.8 0-1.9-1.6-3.2-3.9-3.2z" />
    </Icon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14.5 2.5A9.5 9.5 0 1 0 21.5 16 8 8 0 0 1 14.5 2.5z" />
    </Icon>
  );
}

export function FeedbackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 3h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H8l-5 4V4a1 1 0 0 1 1-1zm7 3v5h2V6zm0 7v2h2v-2z" />
    </Icon>
  );
}

export function KeyboardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6h18a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1zm2 3v2h2V9zm4 0v2h2V9zm4 0v2h2V9zm4 0v2h2V9zM7 13v2h10v-2z" />
    </Icon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm4.3 6.3-5.8 5.8-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.2z" />
    </Icon>
  );
}

export function MenuGridIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM5 10a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM5 17a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm7 0a2 2 0 1 1 0 4 2 2 0 0 1 0-4z" />
    </Icon>
  );
}

/** The moderation area's shield, a tick inside. */
export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 1.8 3.5 5v6.1c0 5.3 3.6 10 8.5 11.1 4.9-1.1 8.5-5.8 8.5-11.1V5L12 1.8zm0 2.1 6.5 2.4v4.8c0 4.3-2.8 8.1-6.5 9.1-3.7-1-6.5-4.8-6.5-9.1V6.3L12 3.9zm3.3 4.7-4.3 4.3-2.3-2.3-1.4 1.4 3.7 3.7 5.7-5.7-1.4-1.4z" />
    </Icon>
  );
}

/** Invite friends: a person and a plus. */
export function InviteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3.5a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM9 13c3.9 0 7 1.9 7 4.5V20H2v-2.5C2 14.9 5.1 13 9 13zm0 2c-2.8 0-4.8 1.2-5 2.5v.5h10v-.5c-.2-1.3-2.2-2.5-5-2.5zM19 7h2v3h3v2h-3v3h-2v-3h-3v-2h3V7z" />
    </Icon>
  );
}
