import { describe, expect, it } from 'vitest';
import { deviceName, UNKNOWN_DEVICE } from './device-name.js';

const AGENTS = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  firefoxWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('naming a session’s device from its User-Agent', () => {
  it.each([
    [AGENTS.chromeAndroid, 'Chrome on Android'],
    [AGENTS.firefoxWindows, 'Firefox on Windows'],
    [AGENTS.safariIphone, 'Safari on iPhone'],
    [AGENTS.edgeWindows, 'Edge on Windows'],
    [AGENTS.safariMac, 'Safari on macOS'],
    [AGENTS.safariIpad, 'Safari on iPad'],
    [AGENTS.chromeIphone, 'Chrome on iPhone'],
    [AGENTS.firefoxLinux, 'Firefox on Linux'],
    [AGENTS.samsungAndroid, 'Samsung Internet on Android'],
    [AGENTS.chromebook, 'Chrome on ChromeOS'],
  ])('%s is "%s"', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });

  it.each([[null], [undefined], [''], ['   '], ['curl/8.5.0'], ['x']])(
    '%j names nothing: "Unknown device"',
    (userAgent) => {
      expect(deviceName(userAgent)).toBe(UNKNOWN_DEVICE);
    },
  );

  it('a browser the parser takes from the header’s own words is kept short', () => {
    expect(deviceName('Hearth-Bot/1.0 (Windows NT 10.0; Win64; x64)')).toBe(
      'Hearth-Bot on Windows',
    );
    expect(deviceName(`${'A'.repeat(400)}/1.0 (Windows NT 10.0; Win64; x64)`)).toBe(
      `${'A'.repeat(40)} on Windows`,
    );
  });
});
