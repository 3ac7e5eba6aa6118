import Bowser from 'bowser';

/** What a session shows when its browser said nothing we can name. */
export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * Browsers and systems under the names members know them by: some of the parser's names are
 * long, and 'on Android' already says what 'for Android' would.
 */
const SHORT_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Opera Touch': 'Opera',
  'Chrome OS': 'ChromeOS',
};

/**
 * The parser names an unknown browser from the User-Agent's own first word, which anyone can
 * set: kept short, so a crafted header cannot fill the Settings page.
 */
const NAME_KEPT = 40;

/**
 * A session's device as the Settings page names it, from the User-Agent its login sent:
 * "Chrome on Android", "Firefox on Windows", "Safari on iPhone"; the browser or the system alone
 * when only one is known, and "Unknown device" when neither is.
 */
export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const browserName = shortName(browser.name);
  // An iPhone or an iPad says more to its owner than 'iOS'.
  const system = shortName(
    os.name === 'iOS' && platform.model ? platform.model : (os.name ?? undefined),
  );
  if (browserName && system) return `${browserName} on ${system}`;
  return browserName || system || UNKNOWN_DEVICE;
}

function shortName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  return (SHORT_NAMES[trimmed] ?? trimmed).slice(0, NAME_KEPT);
}
