import { BlockList, isIPv4, isIPv6, type Server, type Socket } from 'node:net';

/** Addresses only this machine reaches: never capped, so the benchmark and a local proxy pass. */
export const LOOPBACK_RANGES: readonly string[] = ['127.0.0.0/8', '::1/128'];

/** `10.0.0.0/8`, `fd00::/8` or a single address; throws on anything else. */
function addRange(list: BlockList, range: string): void {
  const [address = '', bits] = range.split('/');
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!type) throw new Error(`Not an IP address or range: ${range}`);
  if (bits === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(bits), type);
}

/** Whether an address is in one of the ranges (`::ffff:127.0.0.1` counts as `127.0.0.1`). */
export function addressMatcher(ranges: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const range of ranges) addRange(list, range);
  return (address) => {
    if (isIPv4(address)) return list.check(address, 'ipv4');
    return isIPv6(address) && list.check(address, 'ipv6');
  };
}

/** What the cap needs of a socket. */
export interface CountedSocket {
  readonly remoteAddress?: string | undefined;
  destroy(): void;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Counts open connections per remote address and closes each one beyond `maxPerAddress` at
 * once, so one address cannot hold every file descriptor the process has. Exempt addresses (a
 * reverse proxy carries many members on its connections) are never counted.
 */
export class ConnectionCap {
  private readonly open = new Map<string, number>();
  private readonly isExempt: (address: string) => boolean;

  constructor(
    private readonly maxPerAddress: number,
    exempt: readonly string[],
  ) {
    this.isExempt = addressMatcher(exempt);
  }

  /** Admits the socket (and forgets it once closed) or destroys it; answers whether admitted. */
  admit(socket: CountedSocket): boolean {
    const address = socket.remoteAddress;
    // A socket already gone has no address; Node closes it on its own.
    if (address === undefined || this.isExempt(address)) return true;
    const count = this.open.get(address) ?? 0;
    if (count >= this.maxPerAddress) {
      socket.destroy();
      return false;
    }
    this.open.set(address, count + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
    return true;
  }

  /** Open connections counted for the address. */
  openFrom(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

/** Applies the cap to every connection the server accepts. */
export function capConnections(server: Server, cap: ConnectionCap): void {
  server.on('connection', (socket: Socket) => {
    cap.admit(socket);
  });
}
