import { BUILTIN_BACKGROUNDS } from '../enums.js';

/**
 * A background as a client that ships its own copies of the nine names it: a relative path or
 * a file name whose last segment is the built-in's number and an image extension
 * (`../../../images/3.jpg`, `3.png`); `13.jpg` is no background.
 */
const OWN_COPY = /(^|\/)([1-9])\.(jpe?g|png|webp|gif|svg)$/i;

/** A scheme (`https:`, `data:`, `javascript:` …) or a host without one (`//host`, `\\host`). */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/** Whether a background is a link to another site (or any absolute URL): never accepted. */
export function isAbsoluteUrl(value: string): boolean {
  return ABSOLUTE_URL.test(value.trim());
}

/**
 * The built-in background (`/backgrounds/3.svg`) a sent background names: a built-in itself,
 * or a client's own copy of one (see OWN_COPY). Undefined for anything else, an absolute URL
 * included, whatever its file name.
 */
export function builtinBackground(value: string): string | undefined {
  if (BUILTIN_BACKGROUNDS.includes(value)) return value;
  if (isAbsoluteUrl(value)) return undefined;
  const number = OWN_COPY.exec(value)?.[2];
  return number ? BUILTIN_BACKGROUNDS[Number(number) - 1] : undefined;
}
