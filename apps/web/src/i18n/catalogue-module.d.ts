/** One language's catalogue, merged by i18n-plugin.ts: message id → ICU text (compiled in a build). */
declare module 'virtual:hearth-catalogue/*' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
