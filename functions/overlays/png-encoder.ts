import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * RGBA 8-bit pixels → PNG bytes. Written here rather than with sharp because the API function has no native
 * image library (its bundle budget is 5 MB, test/cdk/bundle.test.ts); node:zlib gives deflate.
 * Every row uses the Up filter: overlays are mostly flat or fully transparent, which Up turns into runs of zeros.
 */
export function encodeRgbaPng(width: number, height: number, rgba: Uint8Array): Buffer {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`expected ${stride * height} RGBA bytes, got ${rgba.length}`);
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    if (y === 0) {
      filtered[out] = 0; // None
      filtered.set(rgba.subarray(row, row + stride), out + 1);
      continue;
    }
    filtered[out] = 2; // Up
    const above = row - stride;
    for (let i = 0; i < stride; i++) filtered[out + 1 + i] = (rgba[row + i]! - rgba[above + i]!) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(filtered, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** CRC-32 (ISO 3309) as PNG chunks need it; node:zlib's crc32 is missing before Node 20.15 (engines allow 20.9). */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
