import type { MessageDescriptor } from '@hearth/contract';
import { Fragment, type ReactElement } from 'react';
import { formatEnglish, withElements } from './english';
import { currentLanguage, linguiRuntime, type MessageValues, PSEUDO, useLanguage } from './i18n';

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
  const text = withValues(message, values, components ?? {});
  // The pseudo-language marks the whole message, links and all, for the translation walk.
  return currentLanguage() === PSEUDO ? <span data-i18n-pseudo="">⟦{text}⟧</span> : text;
}

/**
 * The message in the current language with its elements placed (english.tsx `withElements`, the
 * same for every language), as Lingui's `Trans` does it: a value that is an element rather than
 * text or a number takes a tag of its own, placed where the value goes.
 */
function withValues(
  message: MessageDescriptor,
  values: MessageValues | undefined,
  components: Record<string, ReactElement>,
) {
  const elements = { ...components };
  const texts: MessageValues = { ...values };
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') continue;
    const tag = String(Object.keys(elements).length);
    elements[tag] = <Fragment>{value as ReactElement}</Fragment>;
    texts[name] = `<${tag}/>`;
  }
  const runtime = linguiRuntime();
  const text = runtime
    ? runtime.i18n._(message.id, texts, { message: message.message })
    : formatEnglish(message.message, texts);
  return <>{withElements(text, elements)}</>;
}
