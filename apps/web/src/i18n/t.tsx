import type { MessageDescriptor } from '@hearth/contract';
import { i18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import type { ReactElement } from 'react';
import { currentLanguage, type MessageValues, PSEUDO, useLanguage } from './i18n';

/**
 * A message holding elements: `<T message={m.terms} components={{ 0: <Link to="/terms" /> }} />`
 * for 'By clicking Sign Up, you agree to our <0>Terms</0>.' Each `<n>…</n>` of the text becomes
 * the element `n`, its children the translated words, so a translation may move the link.
 */
export function T({
  message,
  values,
  components,
}: {
  message: MessageDescriptor;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}) {
  useLanguage();
  const text = (
    <TransNoContext
      id={message.id}
      message={message.message}
      {...(values ? { values } : {})}
      {...(components ? { components } : {})}
      lingui={{ i18n }}
    />
  );
  // The pseudo-language marks the whole message, links and all, for the translation walk.
  return currentLanguage() === PSEUDO ? <span data-i18n-pseudo="">⟦{text}⟧</span> : text;
}
