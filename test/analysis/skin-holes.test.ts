/** withSmallHolesFilled (functions/analysis/skin-mask.ts) against its definition written as a plain flood fill. */
import { describe, expect, it } from 'vitest';
import { MAX_SKIN_HOLE_PIXELS, withSmallHolesFilled } from '../../functions/analysis/skin-mask';

/** 1 where the mask is skin (1..maxValue) or in a 4-connected non-skin patch of at most MAX_SKIN_HOLE_PIXELS pixels. */
function plainHolesFilled(mask: Uint8Array, size: number, maxValue: number): Uint8Array {
  const skin = (i: number) => mask[i]! >= 1 && mask[i]! <= maxValue;
  const out = Uint8Array.from(mask, (_, i) => (skin(i) ? 1 : 0));
  const patchOf = new Int32Array(mask.length).fill(-1);
  for (let start = 0; start < mask.length; start++) {
    if (skin(start) || patchOf[start] !== -1) continue;
    const patch = [start];
    patchOf[start] = start;
    for (let k = 0; k < patch.length; k++) {
      const p = patch[k]!;
      const x = p % size;
      const y = Math.floor(p / size);
      const neighbours = [x > 0 ? p - 1 : -1, x < size - 1 ? p + 1 : -1, y > 0 ? p - size : -1, y < size - 1 ? p + size : -1];
      for (const q of neighbours) {
        if (q < 0 || skin(q) || patchOf[q] !== -1) continue;
        patchOf[q] = start;
        patch.push(q);
      }
    }
    if (patch.length <= MAX_SKIN_HOLE_PIXELS) for (const p of patch) out[p] = 1;
  }
  return out;
}

/** A size×size mask of values 0, 1 and 2 (skin, sheen) from a seeded generator, `skinShare` of it skin-like. */
function randomMask(size: number, seed: number, skinShare: number): Uint8Array {
  let state = seed;
  const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  return Uint8Array.from({ length: size * size }, () => {
    const r = next();
    return r < skinShare ? 1 : r < skinShare + 0.1 ? 2 : 0;
  });
}

describe('withSmallHolesFilled', () => {
  it('when masks hold patches of every size (specks, holes, one large background, shapes touching the edges), then it fills exactly the non-skin patches of at most the limit', () => {
    const size = 64;
    for (const [seed, share] of [[1, 0.5], [2, 0.65], [3, 0.8], [4, 0.35], [5, 0.9]] as const) {
      const mask = randomMask(size, seed, share);
      for (const maxValue of [1, 2]) expect(Array.from(withSmallHolesFilled(mask, size, maxValue))).toEqual(Array.from(plainHolesFilled(mask, size, maxValue)));
    }
  });

  it('when a ring of skin encloses a non-skin patch, then a patch of the limit is filled and one pixel more is not', () => {
    const size = 40;
    for (const [side, filled] of [[10, true], [11, false]] as const) {
      // A side×side square of non-skin (100 or 121 pixels) inside skin, with the background outside the ring.
      const mask = new Uint8Array(size * size);
      for (let y = 2; y < 2 + side + 2; y++) for (let x = 2; x < 2 + side + 2; x++) mask[y * size + x] = 1;
      for (let y = 3; y < 3 + side; y++) for (let x = 3; x < 3 + side; x++) mask[y * size + x] = 0;
      const out = withSmallHolesFilled(mask, size, 1);
      expect(out[(3 + 5) * size + 3 + 5]).toBe(filled ? 1 : 0);
      expect(out[(size - 1) * size + size - 1]).toBe(0); // the background stays out
      expect(Array.from(out)).toEqual(Array.from(plainHolesFilled(mask, size, 1)));
    }
  });
});
