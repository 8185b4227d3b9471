/**
 * Blackheads (open comedones): dark dots of ≈ 0.5–1.5 mm on the nose, chin and forehead, far darker than a
 * pore. Small components of the skin model's dark-pit map (Hessian pit strength of the relief density, the smaller
 * of its σ 1 and σ 1.6 values since skin-v1.9.0, the map pores are read from; since skin-v1.15.0 at most luminance's
 * own dark pit, blackheadPits) above 3, 1–16 px; each counts from 0 at a peak of 3 to 1 at 4.5, times the glare
 * weight at its centre (full at 4.5, not 6: painted blackheads on deepened skin peak a little lower and counted
 * 0.85 each against 0.97 on the same face untouched). Pores register from 0.3 (full at 0.6) as an area share;
 * ordinary pores and skin grain stay below 2 (JPEG blocking at quality 70 on older skin reaches ≈ 2), so the two
 * markers read different strengths of the same map.
 */
import type { RegionName } from '../../types.js';
import { findBlobs, smoothstep, type Blob, type PeakedBlob } from '../stats.js';
import { channel, type SkinOutputName } from '../model-spec.js';
import { confirmedByLuminance } from '../luminance-relief.js';
import { denseUnionScratch, unionPixels, weightedMedian } from '../weighted-stats.js';
import { supportOf, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const BLACKHEADS = {
  /** Dark-pit strength (at the dot's peak between pixels, subPixelPeak) where a dot starts to count; full at `strength[1]`. */
  strength: [3, 4.5] as [number, number],
  /**
   * Dots are looked for where a pixel of the map is above this, under `strength[0]`: a dot's pixels sample its peak
   * at a phase the crop's grid decides (a Gaussian dot of σ 1 whose peak lies half a pixel off in x and y reads 0.78 of
   * it), so a dot whose peak is above 3 can have no pixel above 3 after a resize or re-save, and the detection's cut
   * at 3 dropped it whole where its weight should have moved a little (sean_guru2 at 150 %; docs/analysis.md,
   * Consistency, root cause 33). Since skin-v1.12.0; the detection and the ramp's start were both 3 before.
   */
  detect: 2.5,
  /** Component area limits (px at S = 256 above the starting strength). */
  area: [1, 16] as [number, number],
  /**
   * The ring round a dot (`ring` px from its peak) must be skin as light as the face's: a dot counts fully while the
   * ring's median luminance density is at most `darkRing[0]` units (100·OD: 21 % less light) above the regions' median, not at all from
   * `darkRing[1]` (a smoothstep between). A dark dot at the edge of a dark structure (a nostril, stubble, a hair
   * line) is that structure's corner, not a comedo; whether a nostril is inside the skin mask or not flips with a
   * re-save (docs/analysis.md, Consistency, root cause 18).
   */
  ring: [3, 6] as [number, number],
  darkRing: [10, 25] as [number, number],
} as const;

export const BLACKHEADS_REGIONS: RegionName[] = ['nose', 'chin', 'forehead'];

/** Blackheads in some of its regions (per-region results: one at a time); dots are found inside the regions given. */
export function blackheadsOver(inputs: MarkerInputs): (measured: readonly RegionName[]) => MarkerMeasurement & { spots: Blob[] } {
  // Once a scan: the whole-face value and each region's read the same confirmed map.
  const pits = blackheadPits(inputs.maps, inputs.size);
  return (measured) => dotsIn(inputs, pits, measured);
}

/**
 * The dark-pit map blackheads are read from: per pixel the skin model's `pits.dark`, at most luminance density's own
 * dark pit (`luma_relief.dark_pit`, the same Hessian on OD_Y alone), as pores read it since skin-v1.14.0
 * (luminance-relief.ts). The relief density's chroma term may explain a dark dot away as colour but not deepen one:
 * where it did, a re-save's quantised chroma moved it (sean_guru2's dots at quality 70, 74 → 78; docs/analysis.md,
 * "Consistency", root cause 62).
 */
export function blackheadPits(maps: Record<SkinOutputName, Float32Array>, size: number): Float32Array {
  return confirmedByLuminance(channel(maps, 'pits', 'dark', size), channel(maps, 'luma_relief', 'dark_pit', size));
}

function dotsIn(inputs: MarkerInputs, pits: Float32Array, measured: readonly RegionName[]): MarkerMeasurement & { spots: Blob[] } {
  const { size } = inputs;
  const B = BLACKHEADS;
  // A reused map: read in this call only (the spots keep numbers, not the map).
  const weights = denseUnionScratch(inputs, measured);
  const support = supportOf(weights);
  // An indexed loop: these run a few times a scan, mostly before V8 optimises them, where iterating the 256² map
  // with for…of took milliseconds.
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i]!;
  if (total === 0) return { value: Number.NaN, details: {}, spots: [] };
  const found = findBlobs(pits, support, size, B.detect, B.area[0], B.area[1]);
  const od = channel(inputs.maps, 'indices', 'od', size);
  // The face's skin lightness over all the marker's regions, so a region measured alone (per-region results) has the same reference.
  const skinDensity = weightedMedian(od, unionPixels(inputs, BLACKHEADS_REGIONS));
  const spots: Blob[] = [];
  let value = 0;
  for (const dot of found) {
    // The dot's strength between pixels (subPixelPeak), where the ramp reads it.
    const b: Blob = { area: dot.area, x: dot.x, y: dot.y, peak: subPixelPeak(pits, size, dot) };
    const onSkin = 1 - smoothstep(B.darkRing[0], B.darkRing[1], ringDensity(od, size, b) - skinDensity);
    const weight = weights[Math.round(b.y) * size + Math.round(b.x)]! * smoothstep(B.strength[0], B.strength[1], b.peak) * onSkin;
    value += weight;
    if (onSkin > 0 && b.peak > B.strength[0]) spots.push(b);
  }
  return { value, details: { soft_count: value, dots: spots.length }, spots };
}

/** Median luminance density of the ring BLACKHEADS.ring px round a dot's centre (pixels inside the crop). */
function ringDensity(od: Float32Array, size: number, dot: Blob): number {
  const [inner, outer] = BLACKHEADS.ring;
  const cx = Math.round(dot.x);
  const cy = Math.round(dot.y);
  const ring: number[] = [];
  for (let dy = -outer; dy <= outer; dy++) {
    for (let dx = -outer; dx <= outer; dx++) {
      const r = Math.hypot(dx, dy);
      const x = cx + dx;
      const y = cy + dy;
      if (r < inner || r > outer || x < 0 || y < 0 || x >= size || y >= size) continue;
      ring.push(od[y * size + x]!);
    }
  }
  ring.sort((a, b) => a - b);
  return ring[ring.length >> 1]!;
}

/**
 * A dot's peak between pixels: its highest pixel raised by the vertex of the parabola through it and its two
 * neighbours in x, and the same in y (0 where the three do not curve down). The dots are 1–4 px across, so their
 * highest pixel is a sample of the peak at whatever phase the crop's grid has; a resize or a shifted crop moved the
 * pixel peaks of sean_guru2's dots by 15–20 % (docs/analysis.md, Consistency, root cause 33).
 */
function subPixelPeak(map: Float32Array, size: number, dot: PeakedBlob): number {
  const { peakX: x, peakY: y } = dot;
  // A peak on the crop's border has no neighbour on one side: its pixel value, as no parabola can be drawn.
  if (x < 1 || y < 1 || x > size - 2 || y > size - 2) return dot.peak;
  const best = y * size + x;
  const b = map[best]!;
  const along = (a: number, c: number) => {
    const d = a - 2 * b + c;
    return d < 0 ? -((a - c) ** 2) / (8 * d) : 0;
  };
  return b + along(map[best - 1]!, map[best + 1]!) + along(map[best - size]!, map[best + size]!);
}
