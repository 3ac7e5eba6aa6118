/**
 * Text Hearth can store: no NUL character (PostgreSQL text cannot hold one) and no unpaired
 * UTF-16 surrogate (it has no UTF-8 form, so it would come back as U+FFFD). Every string a
 * request carries (fields, keys, query values, path parameters) must pass, on both engines.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}

/** Whether any string inside a parsed request part (strings, arrays, object keys and values) is not storable. */
export function containsUnstorableText(value: unknown): boolean {
  // A stack, not recursion: a body nested thousands deep must not overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isStorableText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
