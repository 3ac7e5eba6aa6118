import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Known devices: a browser that has logged in to an account before carries a cookie saying so,
 * signed by the server. Failed logins from elsewhere count against the account and can throttle
 * it, but not on a device the owner already used: there the device's own counter applies. So a
 * stranger guessing a member's password cannot lock the member out of their own phone.
 *
 * The cookie holds a random device id and, per account that logged in on the device, a tag:
 * HMAC(key, id + e-mail). Nothing in it names the account; it cannot be forged, nor moved to
 * another account, without the server's secret.
 */
export const DEVICE_COOKIE = 'hearth_device';

/** The accounts one browser is remembered for (a family computer); the oldest drops out. */
const ACCOUNTS_PER_DEVICE = 10;
/** 132 bits of HMAC, in base64url. */
const TAG_LENGTH = 22;
const ID_BYTES = 16;
/** Browsers cap cookie lifetimes at 400 days. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const COOKIE_FORMAT = new RegExp(
  `^([A-Za-z0-9_-]{22})\\.((?:[A-Za-z0-9_-]{${TAG_LENGTH}})(?:~[A-Za-z0-9_-]{${TAG_LENGTH}}){0,${ACCOUNTS_PER_DEVICE - 1}})$`,
);

export interface Device {
  id: string;
  tags: string[];
}

export class KnownDevices {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, derived from the session secret: a tag is never a valid session signature.
    this.key = createHmac('sha256', secret).update('hearth known-device cookie v1').digest();
  }

  /** The device a cookie names, or undefined for a missing or malformed one. */
  read(cookie: string | undefined): Device | undefined {
    const match = cookie ? COOKIE_FORMAT.exec(cookie) : null;
    if (!match) return undefined;
    return { id: match[1] as string, tags: (match[2] as string).split('~') };
  }

  /** Whether this device has logged in to the account with this e-mail before. */
  knows(device: Device, email: string): boolean {
    const expected = Buffer.from(this.tag(device.id, email));
    return device.tags.some((tag) => timingSafeEqual(Buffer.from(tag), expected));
  }

  /** The cookie value after a successful login: the device (new if none) now knows the account. */
  remember(device: Device | undefined, email: string): string {
    const id = device?.id ?? randomBytes(ID_BYTES).toString('base64url');
    const tag = this.tag(id, email);
    const others = (device?.tags ?? []).filter((t) => t !== tag);
    return `${id}.${[tag, ...others].slice(0, ACCOUNTS_PER_DEVICE).join('~')}`;
  }

  private tag(id: string, email: string): string {
    return createHmac('sha256', this.key)
      .update(`${id}\n${email.toLowerCase()}`)
      .digest('base64url')
      .slice(0, TAG_LENGTH);
  }
}
