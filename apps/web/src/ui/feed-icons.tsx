import { Icon, type IconProps } from './icons';

/** Our own icons for the home screen and posts. Decorative: the controls carry the names. */
export function MoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm-1.5 2.2A8 8 0 0 0 4.1 10H7c.2-2.2.9-4.2 2-5.5zm3 0c1.1 1.3 1.8 3.3 2 5.5h2.9a8 8 0 0 0-4.9-5.5zM9 10h6c-.2-2.3-1.2-4.4-3-5.6-1.8 1.2-2.8 3.3-3 5.6zm-4.9 2a8 8 0 0 0 6.4 5.8c-1.1-1.3-1.8-3.3-2-5.8zm4.9 0c.2 2.5 1.2 4.6 3 5.8 1.8-1.2 2.8-3.3 3-5.8zm8 0c-.2 2.5-.9 4.5-2 5.8a8 8 0 0 0 4.9-5.8z" />
    </Icon>
  );
}

export function ThumbIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 10 13 3c1.7 0 2.8 1.4 2.4 3L14.8 9H20a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 18.8 20H9zm-6 0h4v10H3z" />
    </Icon>
  );
}

export function ThumbOutlineIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 2.5c2 0 3.3 1.7 2.9 3.6L15.4 8H20a2.5 2.5 0 0 1 2.5 2.9l-1.2 7A2.5 2.5 0 0 1 18.8 20H2V9.5h5.9zM8 11v7.5h10.8c.5 0 .9-.3 1-.8l1.2-7c.1-.6-.4-1.2-1-1.2h-6.3l.9-3.8c.2-.9-.3-1.6-1-1.7zm-4.5.5v7h3v-7z" />
    </Icon>
  );
}

export function CommentIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3c5.2 0 9.5 3.6 9.5 8.2 0 4.6-4.3 8.2-9.5 8.2-1 0-2-.1-2.9-.4L4 21l1.2-3.9A7.8 7.8 0 0 1 2.5 11.2C2.5 6.6 6.8 3 12 3zm0 1.8c-4.4 0-7.7 3-7.7 6.4 0 1.8.9 3.4 2.4 4.6l.5.4-.5 1.7 2.3-.9.3.1c.9.3 1.8.4 2.7.4 4.4 0 7.7-2.9 7.7-6.3S16.4 4.8 12 4.8z" />
    </Icon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 4.5 22 12l-9 7.5V15c-4.5 0-7.6 1.4-10 4.5C4 14.7 6.8 10.3 13 9.3zm1.8 3.9V11l-1.6.2c-3.7.6-6.1 2.5-7.5 5.2 2.1-1.1 4.6-1.5 7.3-1.5h1.8v2.4L19.2 12z" />
    </Icon>
  );
}

export function CameraIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 3h6l1.5 2H20a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h3.5zm3 5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 2a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z" />
    </Icon>
  );
}

export function SmileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM8.5 8.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zm7 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM7.3 13.5h9.4A4.9 4.9 0 0 1 12 17.5a4.9 4.9 0 0 1-4.7-4z" />
    </Icon>
  );
}

export function PhotoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 3h16a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm0 13.6V19h16v-4l-4-4.2-5 5.4-3-2.8zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z" />
    </Icon>
  );
}

export function LiveVideoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5h11a2 2 0 0 1 2 2v2.2l5-3.2v12l-5-3.2V17a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
    </Icon>
  );
}

export function FlagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 2h2v1.2c3-1.4 5.5.8 8 .8 1.6 0 3-.5 4-1v10c-1 .5-2.4 1-4 1-2.5 0-5-2.2-8-.8V22H5z" />
    </Icon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z" />
    </Icon>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14.5 2 22 9.5l-1.4 1.4-1.1-1.1-3.8 3.8.4 4.4-1.4 1.4-4.2-4.2L5 20.6 3.4 19l5.4-5.5-4.2-4.2L6 7.9l4.4.4 3.8-3.8-1.1-1.1z" />
    </Icon>
  );
}

export function BookmarkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 2h12a1 1 0 0 1 1 1v19l-7-4.5L5 22V3a1 1 0 0 1 1-1zm1 2v14.3l5-3.2 5 3.2V4z" />
    </Icon>
  );
}

export function EditIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M16.6 2.6 21.4 7.4 8.8 20H4v-4.8zm0 2.8L6 16v2h2l10.6-10.6z" />
    </Icon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3z" />
    </Icon>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a6 6 0 0 1 6 6v4.5l2 3.5H4l2-3.5V8a6 6 0 0 1 6-6zm-2.5 16h5a2.5 2.5 0 0 1-5 0z" />
    </Icon>
  );
}

/** A speech bubble with a lightning stroke: the Messenger button. */
export function MessengerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2C6.4 2 2 6.1 2 11.6c0 2.9 1.2 5.4 3.2 7.1V22l3-1.7c1.2.3 2.4.5 3.8.5 5.6 0 10-4.1 10-9.6S17.6 2 12 2zm1 12.4-2.5-2.7-5 2.7 5.5-5.8 2.6 2.7 4.9-2.7z" />
    </Icon>
  );
}

/** A paper plane: send. */
export function SendIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 20.5V14l9-2-9-2V3.5L22 12z" />
    </Icon>
  );
}

export function BellOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.4 2 22 20.6 20.6 22l-4-4H4l2-3.5V8c0-.7.1-1.3.3-1.9L2 3.4zM12 2a6 6 0 0 1 6 6v4.5l.6 1L8.3 3.2A6 6 0 0 1 12 2zm-2.5 17h5a2.5 2.5 0 0 1-5 0z" />
    </Icon>
  );
}

export function TranslateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 4h7V2h2v2h7v2h-2.2c-.7 2.5-2 4.6-3.7 6.3l2.3 2.3-.8 2-2.9-2.9c-1.5 1-3.3 1.9-5.3 2.4l-.6-1.9c1.7-.5 3.2-1.2 4.5-2.1A14 14 0 0 1 5.7 8h2.1c.6 1.3 1.4 2.5 2.4 3.5A11 11 0 0 0 14.8 6H3zm14 8h2l4 10h-2.1l-1-2.5h-3.8l-1 2.5H13zm1 3-1.2 2.8h2.4z" />
    </Icon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3zM5 9v10h14V9zm2 2h3v3H7z" />
    </Icon>
  );
}

export function RefreshIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4a8 8 0 0 1 6.9 4H16v2h6V4h-2v2.3A10 10 0 1 0 22 12h-2a8 8 0 1 1-8-8z" />
    </Icon>
  );
}

export function ArchiveIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3h18v5h-1v12a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V8H3zm2 2v1h14V5zm1 3v11h12V8zm3 2h6v2H9z" />
    </Icon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 2h6l1 2h5v2H3V4h5zM5 8h14l-1 13a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1zm2.1 2 .8 10h8.2l.8-10zM9.5 11h1.5v7.5H9.5zm3.5 0h1.5v7.5H13z" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M11 3h2v9.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM4 18h16v2H4z" />
    </Icon>
  );
}

export function FullscreenIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3h7v2H5v5H3zm11 0h7v7h-2V5h-5zM3 14h2v5h5v2H3zm16 0h2v7h-7v-2h5z" />
    </Icon>
  );
}

export function ReportIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2 22 20H2zm0 4L5.5 18h13zm-1 4h2v4h-2zm0 5h2v2h-2z" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 8.6 1.4-1.4 5.6 5.6 5.6-5.6L19 8.6l-7 7z" />
    </Icon>
  );
}

export function ChevronUpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 15.4 1.4 1.4 5.6-5.6 5.6 5.6 1.4-1.4-7-7z" />
    </Icon>
  );
}

export function ExternalIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 3h7v7h-2V6.4l-8.3 8.3-1.4-1.4L17.6 5H14zM5 5h6v2H6v11h11v-5h2v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
    </Icon>
  );
}

export function VideoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm6 4v8l6-4z" />
    </Icon>
  );
}

export function StoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 3h16l2 6a3 3 0 0 1-2 2.8V21H4v-9.2A3 3 0 0 1 2 9zm2 9v7h4v-5h4v5h4v-7a3 3 0 0 1-2-1 3 3 0 0 1-4 0 3 3 0 0 1-4 0 3 3 0 0 1-2 1z" />
    </Icon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-1 3h2v4.6l3.4 3.4-1.4 1.4-4-4z" />
    </Icon>
  );
}

export function GroupIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM5 7a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zm14 0a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zm-7 6c3.3 0 6 1.8 6 4.5V20H6v-2.5C6 14.8 8.7 13 12 13zm-7 .5c.6 0 1.1.1 1.6.2A5.5 5.5 0 0 0 4.5 17.5V19H1v-2c0-2 1.8-3.5 4-3.5zm14 0c2.2 0 4 1.5 4 3.5v2h-3.5v-1.5c0-1.5-.8-2.8-2.1-3.8.5-.1 1-.2 1.6-.2z" />
    </Icon>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21 3.5 12.6A5.3 5.3 0 0 1 12 5.7a5.3 5.3 0 0 1 8.5 6.9z" />
    </Icon>
  );
}

export function GamepadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 6h10a5 5 0 0 1 5 5v3.5a3.5 3.5 0 0 1-6.3 2.1L14.5 15h-5l-1.2 1.6A3.5 3.5 0 0 1 2 14.5V11a5 5 0 0 1 5-5zm0 3v2H5v2h2v2h2v-2h2v-2H9V9zm9.5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm-2 3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 2c5.5 0 10 4 10 9.2s-4.5 9.3-10 9.3c-1 0-2-.1-2.9-.4L4 22l.9-4.3A8.9 8.9 0 0 1 2 11.2C2 6 6.5 2 12 2zm-5 11.5 4-2.5 2.5 2.2 4.5-3.9-4 2.5-2.5-2.2z" />
    </Icon>
  );
}

export function ChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3h2v16h16v2H3zm4 9h3v5H7zm5-5h3v10h-3zm5 3h3v7h-3z" />
    </Icon>
  );
}

export function SunIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM11 1h2v3h-2zm0 19h2v3h-2zM1 11h3v2H1zm19 0h3v2h-3zM4.2 2.8l2.1 2.1-1.4 1.4-2.1-2.1zm14.9 14.9 2.1 2.1-1.4 1.4-2.1-2.1zM2.8 19.8l2.1-2.1 1.4 1.4-2.1 2.1zM17.7 4.9l2.1-2.1 1.4 1.4-2.1 2.1z" />
    </Icon>
  );
}

export function LeafIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 3c0 10-5 16-12 16-1.2 0-2.3-.2-3.3-.7L4 21l-1.4-1.4 2-2C3.6 16.3 3 14.8 3 13c0-6 6-10 18-10zM7 15.6c3-3.4 6-5.6 9.5-7.1-3.9 1-7.2 3.3-10.1 6z" />
    </Icon>
  );
}

export function PageIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 2h10l4 4v16H5zm2 2v16h10V7h-3V4zm2 6h6v2H9zm0 4h6v2H9z" />
    </Icon>
  );
}
