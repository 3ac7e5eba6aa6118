/** One language's catalogue, merged by i18n-plugin.ts: message id → ICU text (compiled in a build). */
declare module 'virtual:hearth-catalogue/*' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}

/** Every language with a catalogue folder, by code: its two parts' loaders (i18n-plugin.ts). */
declare module 'virtual:hearth-catalogues' {
  import type { Messages } from '@lingui/core';

  type CatalogueLoader = () => Promise<{ default: Messages }>;
  const loaders: Record<string, { first: CatalogueLoader; rest: CatalogueLoader }>;
  export default loaders;
}
