import { ZIGZAG } from './jpeg-dct';

/**
 * What a baseline or progressive JPEG's headers say about its quantisation (ITU-T T.81, B.2.4.1 DQT and B.2.2 SOF):
 * the step of the DC coefficient and of the lowest AC coefficients of the luma and chroma tables, and the chroma
 * subsampling. Read from the bytes (a few dozen lines; no npm library exposes the tables), for deblocking the
 * photo's own chroma blocks (jpeg-chroma.ts). Anything that is not a JPEG, or a JPEG whose headers it cannot follow,
 * gives undefined.
 */
export interface JpegTables {
  /** Quantisation steps of the luma table, 64 entries in zig-zag order (8-bit units). */
  luma: number[];
  /** The chroma table (the one the first chroma component uses), or undefined for a one-component (grey) JPEG. */
  chroma?: number[];
  /** Luma samples per chroma sample horizontally and vertically (2, 2 for 4:2:0; 1, 1 for 4:4:4). */
  chromaStep: { x: number; y: number };
}

export function readJpegTables(bytes: Uint8Array): JpegTables | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const tables = new Map<number, number[]>();
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return undefined;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    const start = pos + 4;
    const end = pos + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if (marker === 0xdb) {
      if (!readDqt(bytes, start, end, tables)) return undefined;
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return frameTables(bytes, start, end, tables);
    } else if (marker === 0xda || marker === 0xd9) {
      return undefined; // scan data or the end before a frame header
    }
    pos = end;
  }
  return undefined;
}

/** Reads every table of one DQT segment into `tables` (by destination id). */
function readDqt(bytes: Uint8Array, start: number, end: number, tables: Map<number, number[]>): boolean {
  let p = start;
  while (p < end) {
    const precision = bytes[p]! >> 4;
    const id = bytes[p]! & 15;
    p++;
    const size = precision ? 128 : 64;
    if (p + size > end) return false;
    const q: number[] = [];
    for (let i = 0; i < 64; i++) q.push(precision ? ((bytes[p + 2 * i]! << 8) | bytes[p + 2 * i + 1]!) / 256 : bytes[p + i]!);
    tables.set(id, q);
    p += size;
  }
  return true;
}

/** The frame header: each component's sampling factors and table id. */
function frameTables(bytes: Uint8Array, start: number, end: number, tables: Map<number, number[]>): JpegTables | undefined {
  const count = bytes[start + 5];
  if (count === undefined || start + 6 + 3 * count > end || count < 1) return undefined;
  const component = (i: number) => {
    const o = start + 6 + 3 * i;
    return { h: bytes[o + 1]! >> 4, v: bytes[o + 1]! & 15, table: bytes[o + 2]! };
  };
  const y = component(0);
  const luma = tables.get(y.table);
  if (!luma) return undefined;
  if (count < 3) return { luma, chromaStep: { x: 1, y: 1 } };
  const c = component(1);
  const chroma = tables.get(c.table);
  if (!chroma || c.h < 1 || c.v < 1) return undefined;
  const step = { x: Math.max(1, y.h / c.h), y: Math.max(1, y.v / c.v) };
  // Only the layouts encoders write (4:4:4, 4:2:2, 4:2:0, 4:1:1): a hostile header's fractional or huge ratio is skipped.
  if (![1, 2, 4].includes(step.x) || ![1, 2, 4].includes(step.y)) return undefined;
  return { luma, chroma, chromaStep: step };
}

/**
 * The example tables of ITU-T T.81 annex K (K.1 luminance, K.2 chrominance), in row-major order: libjpeg, and so
 * sharp and most web encoders, scale them by the quality setting (`scaledTable`).
 */
export const ANNEX_K_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56,
  68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
export const ANNEX_K_CHROMA = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99, ...new Array<number>(32).fill(99),
];

/** libjpeg's scaling of a base table to a quality 1–100 (jcparam.c's rule: 5000 / q below 50, 200 − 2q above). */
export function scaledTable(base: readonly number[], quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - 2 * quality;
  return base.map((b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
}

/** The quality whose scaled `base` is exactly `rowMajor` (a table in row-major order), or undefined. */
export function scaledQuality(rowMajor: ArrayLike<number>, base: readonly number[]): number | undefined {
  for (let quality = 1; quality <= 100; quality++) {
    const table = scaledTable(base, quality);
    if (table.every((q, k) => q === rowMajor[k])) return quality;
  }
  return undefined;
}

/**
 * The table's steps in row-major order (a table is stored in zig-zag order); for chroma averaged back from a decoded
 * photo (sx, sy = 2 along a subsampled axis), as they appear there: a decoder's
 * triangle upsampling followed by the 2-sample average is the filter (1, 6, 1) / 8 along a subsampled axis, which
 * scales frequency u by (3 + cos(πu/8)) / 4.
 */
export function stepsInRowOrder(table: number[], sx = 1, sy = 1): Float64Array {
  const gain = (u: number, s: number) => (s === 2 ? (3 + Math.cos((Math.PI * u) / 8)) / 4 : 1);
  const steps = new Float64Array(64);
  for (let z = 0; z < 64; z++) {
    const k = ZIGZAG[z]!;
    steps[k] = table[z]! * gain(k % 8, sx) * gain(k >> 3, sy);
  }
  return steps;
}
