/**
 * The lesion list: each spot the acne and pigmentation markers counted, with its place on the photo, its region,
 * and its type where the colour tells it (an inflamed red spot or a dark, brown spot), plus counts per region.
 * Nothing here changes a score: the spots are the ones the markers counted (features.ts). docs/markers.md,
 * "Lesions".
 */
import { cropToImage } from '../face/square-crop';
import type { SquareCrop } from '../face/face-types';
import type { RegionMasks } from '../types';
import { MEASUREMENT, type SkinFeatures } from './features';
import { channel, type SkinMaps } from './model-spec';
import { RESULT_REGION_NAMES, type ResultRegion } from './region-results';

export const LESION_TYPES = ['inflamed', 'dark_spot'] as const;
export type LesionType = (typeof LESION_TYPES)[number];

/** The markers that count lesions. */
export const LESION_MARKERS = ['acne', 'pigmentation'] as const;
export type LesionMarker = (typeof LESION_MARKERS)[number];

export interface Lesion {
  /** The marker that counted it. */
  marker: LesionMarker;
  type: LesionType;
  /** The region its centre lies in (null when it lies on no region's skin, which counted spots do not). */
  region: ResultRegion | null;
  /** Centre and radius in pixels of the upright photo. */
  x: number;
  y: number;
  radius: number;
}

export interface LesionTally {
  total: number;
  inflamed: number;
  dark_spot: number;
}

/** Counts of distinct lesions: a spot counted by both markers (red and brown at once) counts once, by its type. */
export interface LesionCounts extends LesionTally {
  by_region: Partial<Record<ResultRegion, LesionTally>>;
}

/** A lesion as found on the crop: centre and radius in crop pixels (centre of the pixel grid: +0.5). */
type CropLesion = Lesion;

/**
 * The lesions of the requested lesion markers in photo pixels, and their counts.
 *
 * The type compares the two chromophore contrasts at the spot, each in units of its own detection threshold
 * (MEASUREMENT.acneContrast for haemoglobin, spotContrast for melanin): more haemoglobin contrast is an
 * inflamed red spot (papule, pustule, a fresh red mark), more melanin contrast a dark spot (a brown mark, a
 * freckle, an age spot). Each is the highest value within the spot's radius (at least 1 px) of its centre.
 *
 * @example
 *   lesionsOf({ features, maps, regions: skinOnly, window, markers: ['acne'] });
 *   // { lesions: [{ marker: 'acne', type: 'inflamed', region: 'left_cheek', x: 612.4, y: 830.1, radius: 6.2 }], counts: {...} }
 */
export function lesionsOf(inputs: {
  features: SkinFeatures;
  maps: SkinMaps;
  regions: RegionMasks;
  window: SquareCrop;
  markers: readonly string[];
}): { lesions: Lesion[]; counts: LesionCounts } {
  const { features, maps, regions, window } = inputs;
  const size = regions.size;
  const red = channel(maps, 'red_blobs', 'contrast', size);
  const dark = channel(maps, 'dark_spots', 'contrast', size);
  const glabella = glabellaMask(regions);
  const found: CropLesion[] = [];
  for (const marker of LESION_MARKERS) {
    if (!inputs.markers.includes(marker)) continue;
    for (const blob of features.spots[marker]) {
      const radius = Math.sqrt(blob.area / Math.PI);
      const reach = Math.max(1, radius);
      const redness = peakNear(red, size, blob.x, blob.y, reach) / MEASUREMENT.acneContrast;
      const darkness = peakNear(dark, size, blob.x, blob.y, reach) / MEASUREMENT.spotContrast;
      found.push({
        marker,
        type: redness >= darkness ? 'inflamed' : 'dark_spot',
        region: regionAt(regions, glabella, blob.x, blob.y),
        x: blob.x + 0.5,
        y: blob.y + 0.5,
        radius,
      });
    }
  }
  const scale = window.side / size;
  const lesions = found.map((l): Lesion => {
    const centre = cropToImage(window, size, { x: l.x, y: l.y });
    return { marker: l.marker, type: l.type, region: l.region, x: round1(centre.x), y: round1(centre.y), radius: round1(l.radius * scale) };
  });
  return { lesions, counts: countDistinct(found) };
}

/** The highest value of `map` within `reach` pixels of (x, y). */
function peakNear(map: Float32Array, size: number, x: number, y: number, reach: number): number {
  let best = Number.NEGATIVE_INFINITY;
  const r = Math.ceil(reach);
  const cx = Math.round(x);
  const cy = Math.round(y);
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const px = cx + dx;
      const py = cy + dy;
      if (px < 0 || py < 0 || px >= size || py >= size || dx * dx + dy * dy > reach * reach + 0.5) continue;
      best = Math.max(best, map[py * size + px]!);
    }
  }
  return best;
}

function glabellaMask(regions: RegionMasks): Uint8Array {
  const { t_zone, forehead, nose } = regions.masks;
  const out = new Uint8Array(t_zone.length);
  for (let i = 0; i < out.length; i++) out[i] = t_zone[i]! && !forehead[i] && !nose[i] ? 1 : 0;
  return out;
}

/** The first result region (RESULT_REGION_NAMES order) whose skin holds the pixel at (x, y). */
function regionAt(regions: RegionMasks, glabella: Uint8Array, x: number, y: number): ResultRegion | null {
  const i = Math.round(y) * regions.size + Math.round(x);
  for (const name of RESULT_REGION_NAMES) {
    const mask = name === 'glabella' ? glabella : regions.masks[name];
    if (mask[i]) return name;
  }
  return null;
}

/** Counts with a spot found by both markers at one place (centres within the larger radius, at least 2 px) once. */
function countDistinct(found: CropLesion[]): LesionCounts {
  const distinct: CropLesion[] = [];
  for (const lesion of found) {
    const same = distinct.some(
      (d) => d.marker !== lesion.marker && Math.hypot(d.x - lesion.x, d.y - lesion.y) <= Math.max(2, d.radius, lesion.radius),
    );
    if (!same) distinct.push(lesion);
  }
  const counts: LesionCounts = { total: 0, inflamed: 0, dark_spot: 0, by_region: {} };
  for (const lesion of distinct) {
    counts.total++;
    counts[lesion.type]++;
    if (!lesion.region) continue;
    const tally = (counts.by_region[lesion.region] ??= { total: 0, inflamed: 0, dark_spot: 0 });
    tally.total++;
    tally[lesion.type]++;
  }
  return counts;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
