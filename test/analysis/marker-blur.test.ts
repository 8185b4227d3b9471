/**
 * The added markers' blurs (skin/markers/blur.ts) run over a window round the skin, share the blurred weight per σ
 * and walk the columns along rows; their results must stay those of the plain definition they replaced, bit for
 * bit: three running-sum box passes per axis over the whole map, blur(map · weight) / blur(weight) where the
 * blurred weight reaches minWeight of the kernel's mass and the map's own value elsewhere, and the skin cover
 * blur(weight) / mass on the skin.
 */
import { describe, expect, it } from 'vitest';
import { blurOver } from '../../functions/analysis/skin/markers/blur';
import { smoothstep } from '../../functions/analysis/skin/stats';
import { seededRandom } from '../support/seeded-random';

function boxWidth(sigma: number): number {
  const w = Math.round(Math.sqrt(4 * sigma * sigma + 1));
  return w % 2 === 1 ? w : w + 1;
}

/** The whole-map passes, as written before the speed work. */
function plainSums(values: Float64Array, size: number, sigma: number): void {
  const radius = (boxWidth(sigma) - 1) / 2;
  const scratch = new Float64Array(size);
  for (let pass = 0; pass < 3; pass++) {
    for (const horizontal of [true, false]) {
      const step = horizontal ? 1 : size;
      const lineStep = horizontal ? size : 1;
      for (let line = 0; line < size; line++) {
        const base = line * lineStep;
        for (let i = 0; i < size; i++) scratch[i] = values[base + i * step]!;
        let sum = 0;
        for (let i = 0; i <= Math.min(radius, size - 1); i++) sum += scratch[i]!;
        for (let i = 0; i < size; i++) {
          values[base + i * step] = sum;
          const add = i + radius + 1;
          const drop = i - radius;
          if (add < size) sum += scratch[add]!;
          if (drop >= 0) sum -= scratch[drop]!;
        }
      }
    }
  }
}

function plainBlur(map: Float32Array, weight: Float32Array, size: number, sigma: number, minWeight = 0.05): Float32Array {
  const n = size * size;
  const num = new Float64Array(n);
  const den = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const w = weight[i]!;
    if (w <= 0) continue;
    num[i] = w * map[i]!;
    den[i] = w;
  }
  plainSums(num, size, sigma);
  plainSums(den, size, sigma);
  const mass = boxWidth(sigma) ** 6;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = den[i]! >= minWeight * mass ? num[i]! / den[i]! : map[i]!;
  return out;
}

function plainCover(weight: Float32Array, size: number, sigma: number): Float32Array {
  const sums = Float64Array.from(weight);
  plainSums(sums, size, sigma);
  const mass = boxWidth(sigma) ** 6;
  return Float32Array.from(sums, (v) => v / mass);
}

/** An elliptical patch of skin with weights in 0..1 (glare-like: some 1, some faded, a few holes). */
function skinPatch(size: number, cx: number, cy: number, rx: number, ry: number, rand: () => number): Float32Array {
  const weight = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) continue;
      const r = rand();
      weight[y * size + x] = r < 0.05 ? 0 : r < 0.6 ? 1 : rand();
    }
  }
  return weight;
}

function mapOf(size: number, rand: () => number, nan = false): Float32Array {
  const map = new Float32Array(size * size);
  for (let i = 0; i < map.length; i++) map[i] = 40 * (rand() - 0.4);
  if (nan) map[Math.floor(rand() * map.length)] = Number.NaN;
  return map;
}

/** Indices where two maps differ as bit patterns (NaN equals NaN). */
function differences(a: Float32Array, b: Float32Array, where: (i: number) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) if (where(i) && !Object.is(a[i], b[i])) out.push(i);
  return out;
}

const SIGMAS = [2, 2.5, 3, 4, 6, 10, 16];

describe('the added markers’ blurs', () => {
  const size = 96;
  const cases: [string, (rand: () => number) => Float32Array][] = [
    ['a face-like patch in the middle', (rand) => skinPatch(size, 48, 50, 26, 34, rand)],
    ['a patch touching the top-left corner', (rand) => skinPatch(size, 8, 6, 20, 14, rand)],
    ['a patch touching the bottom-right corner', (rand) => skinPatch(size, 90, 88, 18, 22, rand)],
    ['a thin band (an under-eye)', (rand) => skinPatch(size, 40, 60, 22, 3, rand)],
    ['skin everywhere', (rand) => Float32Array.from({ length: size * size }, () => 0.2 + 0.8 * rand())],
  ];

  for (const [what, weightOf] of cases) {
    it(`when the skin is ${what}, then every pixel of each mean equals the whole-map blur’s, at every σ`, () => {
      const rand = seededRandom(what.length * 7919);
      const weight = weightOf(rand);
      const maps = [mapOf(size, rand), mapOf(size, rand, true), mapOf(size, rand)];
      const blur = blurOver(weight, size);
      for (const sigma of SIGMAS) {
        // Two maps in one call, then a third alone (the blurred weight summed once, then reused).
        const [a, b] = blur.means([maps[0]!, maps[1]!], sigma);
        const c = blur.mean(maps[2]!, sigma);
        expect(differences(a!, plainBlur(maps[0]!, weight, size, sigma)), `σ ${sigma}`).toEqual([]);
        expect(differences(b!, plainBlur(maps[1]!, weight, size, sigma)), `σ ${sigma}, with a NaN`).toEqual([]);
        expect(differences(c, plainBlur(maps[2]!, weight, size, sigma)), `σ ${sigma}, reused weight`).toEqual([]);
      }
    });

    it(`when the skin is ${what}, then the skin cover on the skin equals the whole-map blur of the weight`, () => {
      const rand = seededRandom(what.length * 104729);
      const weight = weightOf(rand);
      const blur = blurOver(weight, size);
      for (const sigma of SIGMAS) {
        // First without, then after a mean at the same σ (which sums the weight first).
        if (sigma > 4) blur.mean(mapOf(size, rand), sigma);
        expect(differences(blur.cover(sigma), plainCover(weight, size, sigma), (i) => weight[i]! > 0), `σ ${sigma}`).toEqual([]);
      }
    });
  }

  it('when the edge fade is asked for, then every pixel equals smoothstep of the whole-map cover on the skin and 0 off it, and rows bound the skin', () => {
    for (const [what, weightOf] of cases) {
      const rand = seededRandom(what.length * 31);
      const weight = weightOf(rand);
      const blur = blurOver(weight, size);
      for (const sigma of SIGMAS) {
        const cover = plainCover(weight, size, sigma);
        const expected = Float32Array.from(weight, (w, i) => (w > 0 ? smoothstep(0.5, 0.75, cover[i]!) : 0));
        expect(differences(blur.fadedCover(sigma, 0.5, 0.75), expected), `${what}, σ ${sigma}`).toEqual([]);
      }
      const skinRows = [...weight.keys()].filter((i) => weight[i]! > 0).map((i) => Math.floor(i / size));
      expect(blur.rows, what).toEqual(expect.objectContaining({ y0: Math.min(...skinRows), y1: Math.max(...skinRows) }));
    }
    expect(blurOver(new Float32Array(size * size), size).rows).toBeNull();
    expect(blurOver(new Float32Array(size * size), size).fadedCover(4, 0.5, 0.75).every((v) => v === 0)).toBe(true);
  });

  it('when no pixel is skin, then each map keeps its own values and the cover is 0', () => {
    const rand = seededRandom(3);
    const map = mapOf(size, rand);
    const blur = blurOver(new Float32Array(size * size), size);
    const mean = blur.mean(map, 4);
    expect(mean).not.toBe(map);
    expect(differences(mean, map)).toEqual([]);
    expect(blur.cover(4).every((v) => v === 0)).toBe(true);
  });

  it('when minWeight is 0, then the blur refuses (the whole-map blur divided by rounding residue there)', () => {
    const rand = seededRandom(5);
    const blur = blurOver(skinPatch(size, 40, 40, 20, 25, rand), size);
    expect(() => blur.mean(mapOf(size, rand), 4, 0)).toThrow(RangeError);
  });

  it('when minWeight is raised, then pixels with less skin round them keep their own value as in the whole-map blur', () => {
    const rand = seededRandom(11);
    const weight = skinPatch(size, 40, 40, 20, 25, rand);
    const map = mapOf(size, rand);
    expect(differences(blurOver(weight, size).mean(map, 6, 0.6), plainBlur(map, weight, size, 6, 0.6))).toEqual([]);
  });
});
