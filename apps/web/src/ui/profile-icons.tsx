import { Icon, type IconProps } from './icons';

/** Icons only the profile screen uses, kept apart so the home screen never loads them. */

export function PersonAddIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4 0 7 2 7 5v2H2v-2c0-3 3-5 7-5zm10-6v3h3v2h-3v3h-2v-3h-3v-2h3V8z" />
    </Icon>
  );
}

export function PersonCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4 0 7 2 7 5v2H2v-2c0-3 3-5 7-5zm12.3-5.7 1.4 1.4L17 15.4l-3.2-3.2 1.4-1.4 1.8 1.8z" />
    </Icon>
  );
}

export function PersonRemoveIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4 0 7 2 7 5v2H2v-2c0-3 3-5 7-5zm5-4h8v2h-8z" />
    </Icon>
  );
}

export function RssIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 17a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3 10a11 11 0 0 1 11 11h-2.5A8.5 8.5 0 0 0 3 12.5zm0-6.5A17.5 17.5 0 0 1 20.5 21H18A15 15 0 0 0 3 6z" />
    </Icon>
  );
}

export function UploadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 6.5 8.5l1.4 1.4L11 6.8V16h2V6.8l3.1 3.1 1.4-1.4zM4 15h2v4h12v-4h2v6H4z" />
    </Icon>
  );
}

export function GridIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3h8v8H3zm2 2v4h4V5zm8-2h8v8h-8zm2 2v4h4V5zM3 13h8v8H3zm2 2v4h4v-4zm8-2h8v8h-8zm2 2v4h4v-4z" />
    </Icon>
  );
}

export function ListIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 4h18v2H3zm0 7h18v2H3zm0 7h18v2H3z" />
    </Icon>
  );
}

export function BriefcaseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3h6a2 2 0 0 1 2 2v1h3a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h3V5a2 2 0 0 1 2-2zm0 2v1h6V5zM4 8v4h16V8zm0 6v5h16v-5h-7v1h-2v-1z" />
    </Icon>
  );
}

export function SchoolIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 1 9l11 6 9-4.9V17h2V9zM5 13.2V17c0 1.7 3.1 3 7 3s7-1.3 7-3v-3.8l-7 3.8z" />
    </Icon>
  );
}

export function HouseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 2 11h3v10h6v-6h2v6h6V11h3zm0 2.6 5 4V19h-2v-6H9v6H7v-9.4z" />
    </Icon>
  );
}

export function MapPinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
    </Icon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v10a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3V7a3 3 0 0 0-3-3zm5 3.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.3 5.5a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z" />
    </Icon>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 11h14v2H5z" />
    </Icon>
  );
}

/** Block: a ring crossed by a bar. */
export function BlockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM7.26 5.56l11.18 11.18A8 8 0 0 0 7.26 5.56zM5.56 7.26l11.18 11.18A8 8 0 0 1 5.56 7.26z"
      />
    </Icon>
  );
}

/** Mute: a speaker with a cross beside it. */
export function MuteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 9h4l5-4v14l-5-4H3zm13.3.3 1.7 1.7 1.7-1.7 1.4 1.4-1.7 1.7 1.7 1.7-1.4 1.4-1.7-1.7-1.7 1.7-1.4-1.4 1.7-1.7-1.7-1.7z" />
    </Icon>
  );
}

/** Unmute: a speaker with sound waves. */
export function UnmuteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 9h4l5-4v14l-5-4H3zm12.5-1.9a6 6 0 0 1 0 9.8l-1.2-1.6a4 4 0 0 0 0-6.6zm2.4-3.2a10 10 0 0 1 0 16.2l-1.2-1.6a8 8 0 0 0 0-13z" />
    </Icon>
  );
}
