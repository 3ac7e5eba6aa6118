import type { Random } from './random.js';

// Full-size "phone photos" for the demo network, drawn pixel by pixel by this file: a sky with
// clouds and a sun, hazy mountain ranges with rock texture, and a lake or a meadow in front, with
// a sensor's grain over all of it. The detail is what makes them weigh what a real photo weighs
// once re-encoded (a few hundred KB as JPEG), so page-weight and image-variant figures are real.

type Rgb = readonly [number, number, number];

const SKIES: ReadonlyArray<readonly [Rgb, Rgb]> = [
  [
    [58, 123, 213],
    [196, 224, 245],
  ],
  [
    [246, 138, 94],
    [255, 221, 170],
  ],
  [
    [44, 62, 112],
    [203, 146, 160],
  ],
  [
    [110, 170, 220],
    [235, 240, 238],
  ],
];
const RANGES: readonly Rgb[] = [
  [72, 92, 110],
  [86, 100, 78],
  [104, 88, 76],
  [64, 80, 96],
];
const MEADOWS: readonly Rgb[] = [
  [78, 124, 52],
  [110, 130, 60],
  [140, 120, 62],
];

/** Smooth noise in [0, 1) from a hashed lattice; octaves add finer detail. */
class Noise {
  constructor(private readonly seed: number) {}

  private lattice(x: number, y: number, octave: number): number {
    let h =
      Math.imul(x, 374761393) ^ Math.imul(y, 668265263) ^ Math.imul(octave + this.seed, 1274126177);
    h = Math.imul(h ^ (h >>> 13), 1103515245);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  }

  private value(x: number, y: number, octave: number): number {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = x - ix;
    const fy = y - iy;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const a = this.lattice(ix, iy, octave);
    const b = this.lattice(ix + 1, iy, octave);
    const c = this.lattice(ix, iy + 1, octave);
    const d = this.lattice(ix + 1, iy + 1, octave);
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  }

  /** Fractal noise: `octaves` layers, each twice as fine and half as strong. */
  fbm(x: number, y: number, octaves: number): number {
    let sum = 0;
    let amplitude = 0.5;
    let total = 0;
    for (let o = 0; o < octaves; o++) {
      sum += amplitude * this.value(x, y, o);
      total += amplitude;
      x *= 2.03;
      y *= 2.03;
      amplitude *= 0.5;
    }
    return sum / total;
  }
}

function mix(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** A landscape photo, `width` x `height`, as raw RGB bytes (3 per pixel). */
export function drawPhoto(random: Random, width: number, height: number): Buffer {
  const noise = new Noise(random.int(1, 1_000_000));
  const [skyTop, skyBottom] = random.pick(SKIES);
  const rangeColour = random.pick(RANGES);
  const meadow = random.pick(MEADOWS);
  const lake = random.chance(0.5);
  const scale = Math.max(width, height);
  const horizon = height * (0.55 + random.next() * 0.15);
  const sun = { x: width * (0.15 + random.next() * 0.7), y: horizon * (0.2 + random.next() * 0.5) };
  const sunRadius = scale * 0.035;

  // Three ranges, the farthest highest and palest; each ridge is a line of 1-D fractal noise.
  const ranges = [0, 1, 2].map((layer) => {
    const top = horizon - height * (0.3 - layer * 0.08);
    const ridge = new Float32Array(width);
    const offset = random.next() * 100;
    for (let x = 0; x < width; x++) {
      const n = noise.fbm(offset + (x / scale) * (3 + layer * 2), layer * 17.3, 6);
      ridge[x] = top + n * height * (0.22 - layer * 0.04);
    }
    return { ridge, haze: 0.55 - layer * 0.22, shade: 1 - layer * 0.18 };
  });

  const pixels = Buffer.alloc(width * height * 3);
  let grainState = random.int(1, 2 ** 31 - 1);
  for (let y = 0; y < height; y++) {
    const skyT = Math.min(1, y / horizon);
    for (let x = 0; x < width; x++) {
      const u = x / scale;
      const v = y / scale;
      let r: number;
      let g: number;
      let b: number;

      // Sky: gradient, a glow round the sun, clouds.
      r = mix(skyTop[0], skyBottom[0], skyT);
      g = mix(skyTop[1], skyBottom[1], skyT);
      b = mix(skyTop[2], skyBottom[2], skyT);
      const distance = Math.hypot(x - sun.x, y - sun.y);
      const glow = Math.exp(-distance / (sunRadius * 4)) * 0.6 + (distance < sunRadius ? 1 : 0);
      r = mix(r, 255, Math.min(1, glow));
      g = mix(g, 246, Math.min(1, glow));
      b = mix(b, 214, Math.min(1, glow));
      if (y < horizon) {
        const cloud = smoothstep(0.45, 0.75, noise.fbm(u * 4, v * 9, 5));
        const lit = 225 + 30 * noise.fbm(u * 30, v * 30, 3);
        r = mix(r, lit, cloud * 0.85);
        g = mix(g, lit, cloud * 0.85);
        b = mix(b, lit + 8, cloud * 0.85);
      }

      // Mountains, nearest drawn last; rock texture, haze with distance.
      let rock = -1;
      for (const range of ranges) {
        if (y < range.ridge[x]!) continue;
        if (rock < 0) rock = noise.fbm(u * 40, v * 40, 5);
        const depth = Math.min(1, (y - range.ridge[x]!) / (height * 0.25));
        const shade = range.shade * (0.7 + 0.6 * rock) * (1 - depth * 0.25);
        r = mix(rangeColour[0] * shade, skyBottom[0], range.haze);
        g = mix(rangeColour[1] * shade, skyBottom[1], range.haze);
        b = mix(rangeColour[2] * shade, skyBottom[2], range.haze);
      }

      // The foreground: a lake mirroring the sky in rippled streaks, or a meadow of grass.
      if (y >= horizon) {
        const near = (y - horizon) / (height - horizon);
        if (lake) {
          const ripple = noise.fbm(u * 6, v * 120, 5);
          const mirrored = Math.max(0, horizon - (y - horizon) * 0.8);
          const t = Math.min(1, mirrored / horizon);
          r = mix(skyTop[0], skyBottom[0], t) * (0.55 + 0.5 * ripple);
          g = mix(skyTop[1], skyBottom[1], t) * (0.6 + 0.5 * ripple);
          b = mix(skyTop[2], skyBottom[2], t) * (0.7 + 0.45 * ripple);
        } else {
          const grass = noise.fbm(u * (80 + near * 200), v * 30, 5);
          const patch = noise.fbm(u * 5, v * 5, 3);
          const shade = 0.55 + 0.5 * grass + 0.3 * (patch - 0.5) + near * 0.15;
          r = meadow[0] * shade;
          g = meadow[1] * shade;
          b = meadow[2] * shade;
          // A few flowers.
          if (grass > 0.72 && noise.fbm(u * 300, v * 300, 1) > 0.8) {
            r = 240;
            g = 220 - near * 80;
            b = 90;
          }
        }
      }

      // Sensor grain, a little stronger in the shadows (xorshift: cheap, and the same every run).
      grainState ^= grainState << 13;
      grainState ^= grainState >>> 17;
      grainState ^= grainState << 5;
      const grain = (((grainState >>> 0) / 4294967296) * 2 - 1) * (20 - ((r + g + b) / 765) * 8);
      const at = (y * width + x) * 3;
      pixels[at] = clamp(r + grain);
      pixels[at + 1] = clamp(g + grain);
      pixels[at + 2] = clamp(b + grain);
    }
  }
  return pixels;
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}
