import { constants as zlibConstants, deflateSync, inflateSync } from 'node:zlib';
import type { MarkerName, Severity } from '../analysis/contract';
import { REGION_NAMES, type RegionName } from '../analysis/contract';

/** A square window of the photo, turned by `angle` (radians), in photo pixels: the aligned crop's footprint. */
export interface PhotoWindow {
  center: { x: number; y: number };
  side: number;
  angle: number;
}

/** A spot the analysis counted, in crop pixels. */
export interface CropSpot {
  marker: 'acne' | 'pigmentation';
  x: number;
  y: number;
  radius: number;
}

/**
 * Everything the overlays of one scan are drawn from, stored once per scan (one small object instead of nine
 * PNGs) so the scan path does not draw pictures most clients never fetch; GET /v1/scans/{id}/overlay renders
 * from it on request (render-overlay.ts).
 */
export interface OverlaySource {
  /** The upright photo the analysis ran on. */
  photo: { width: number; height: number };
  /** Where the aligned crop sits in the photo. */
  window: PhotoWindow;
  /** Side of the aligned crop in pixels. */
  size: number;
  /** The aligned crop, RGB interleaved. */
  crop: Uint8Array;
  /** Per crop pixel, bit i set when the pixel is skin of REGION_NAMES[i]. */
  regions: Uint16Array;
  /** Per analysed marker: its severity and its per-pixel evidence (0 none … 255 full) inside its regions. */
  markers: Partial<Record<MarkerName, SourceMarker>>;
  spots: CropSpot[];
}

export interface SourceMarker {
  severity: Severity;
  score: number;
  /** The region bits (regionBit) the marker is measured in. */
  regionBits: number;
  evidence: Uint8Array;
}

const FORMAT_VERSION = 1;

interface Header {
  version: number;
  photo: OverlaySource['photo'];
  window: PhotoWindow;
  size: number;
  markers: Array<{ marker: MarkerName } & Omit<SourceMarker, 'evidence'>>;
  spots: CropSpot[];
}

/** Layout before deflate: u32 header length, the JSON header, then crop, region bits, each marker's evidence. */
export function encodeOverlaySource(source: OverlaySource): Uint8Array {
  const order = Object.keys(source.markers) as MarkerName[];
  const header: Header = {
    version: FORMAT_VERSION,
    photo: source.photo,
    window: source.window,
    size: source.size,
    markers: order.map((marker) => {
      const { severity, score, regionBits } = source.markers[marker]!;
      return { marker, severity, score, regionBits };
    }),
    spots: source.spots,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length, 0);
  const regions = Buffer.from(source.regions.buffer, source.regions.byteOffset, source.regions.byteLength);
  const parts = [length, json, source.crop, regions, ...order.map((marker) => source.markers[marker]!.evidence)];
  // Level 1 with run-length matching only: the evidence maps are mostly runs of zeros, which it packs as well as any
  // level; it takes half the CPU of level 1's default matching on the scan path (≈ 2 of 4 ms for nine markers) for
  // ≈ 10 % more bytes (the crop's texture packs a little worse). Any zlib stream decodes the same.
  return deflateSync(Buffer.concat(parts), { level: 1, strategy: zlibConstants.Z_RLE });
}

export function decodeOverlaySource(bytes: Uint8Array): OverlaySource {
  const raw = inflateSync(bytes);
  const headerLength = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + headerLength).toString('utf8')) as Header;
  if (header.version !== FORMAT_VERSION) throw new Error(`overlay source version ${header.version} is not readable`);
  const n = header.size * header.size;
  let offset = 4 + headerLength;
  const take = (length: number) => {
    const part = raw.subarray(offset, offset + length);
    offset += length;
    return new Uint8Array(part);
  };
  const crop = take(n * 3);
  const regions = new Uint16Array(take(n * 2).buffer);
  const markers: OverlaySource['markers'] = {};
  for (const { marker, severity, score, regionBits } of header.markers) markers[marker] = { severity, score, regionBits, evidence: take(n) };
  return { photo: header.photo, window: header.window, size: header.size, crop, regions, markers, spots: header.spots };
}

/** The bit of a region in OverlaySource.regions. */
export function regionBit(region: RegionName): number {
  return 1 << REGION_NAMES.indexOf(region);
}
