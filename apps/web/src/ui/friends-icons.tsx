import { Icon, type IconProps } from './icons';

/** Icons only the friends page uses. */

export function PersonSentIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4 0 7 2 7 5v2H2v-2c0-3 3-5 7-5zm9-7 4 4-4 4-1.4-1.4 1.6-1.6H14v-2h4.2l-1.6-1.6z" />
    </Icon>
  );
}

export function SparkleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m10 3 1.9 5.6L17.5 10.5l-5.6 1.9L10 18l-1.9-5.6-5.6-1.9 5.6-1.9zm8 10 .9 2.6 2.6.9-2.6.9L18 20l-.9-2.6-2.6-.9 2.6-.9z" />
    </Icon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 7.2C10.7 4 6.5 3.3 6.5 5.8 6.5 7 7.6 8 9 8H3v5h1v8h16v-8h1V8h-6c1.4 0 2.5-1 2.5-2.2 0-2.5-4.2-1.8-5.5 1.4zM5 10h6v1H5zm8 0h6v1h-6zM6 13h5v6H6zm7 0h5v6h-5z" />
    </Icon>
  );
}
