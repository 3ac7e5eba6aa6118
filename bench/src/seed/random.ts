/**
 * A seeded pseudo-random generator (sfc32, seeded through cyrb128), so the same seed always
 * yields the same network. Not for secrets.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seed);
    // The first outputs of sfc32 still echo the seed.
    for (let i = 0; i < 15; i++) this.next();
  }

  /** An independent stream for one part of the data, so changing one part leaves the others be. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal around `median`: most values near it, a long tail above. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** 32 random bits. */
  uint32(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }

  shuffle<T>(items: T[] | Int32Array): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const swap = items[i]!;
      items[i] = items[j]!;
      items[j] = swap;
    }
  }
}

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Picks indexes with probability proportional to their weights (binary search on the sums). */
export class WeightedPicker {
  private readonly sums: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.sums = new Float64Array(weights.length);
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      total += weights[i]!;
      this.sums[i] = total;
    }
    if (total <= 0) throw new Error('weights must add up to more than 0');
  }

  get total(): number {
    return this.sums[this.sums.length - 1]!;
  }

  pick(random: Random): number {
    const target = random.next() * this.total;
    let low = 0;
    let high = this.sums.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.sums[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/**
 * A UUIDv7 for `ms` with random bits from the seeded stream: time-ordered like the server's own
 * ids (keyset pagination relies on it), yet the same on every run.
 */
export function timeOrderedId(ms: number, random: Random): string {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const a = random.uint32();
  const b = random.uint32();
  const c = random.uint32();
  const randA = (a & 0xfff).toString(16).padStart(3, '0');
  // The variant's two high bits (10), then 14 random bits.
  const variant = (0x8000 | ((a >>> 12) & 0x3fff)).toString(16);
  const randB = b.toString(16).padStart(8, '0') + (c & 0xffff).toString(16).padStart(4, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randA}-${variant}-${randB}`;
}
