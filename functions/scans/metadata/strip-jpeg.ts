import { DamagedImageError } from './damaged-image-error';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/**
 * A JPEG without its metadata: EXIF (GPS, camera, time), XMP, IPTC, comments and maker segments are dropped;
 * JFIF, the ICC colour profile and the Adobe colour-transform segment stay (they change how pixels decode).
 * EXIF orientation is written back as a minimal EXIF segment so the photo still decodes upright. Anything after
 * the image's end marker (phone "trailers", embedded previews) goes too. Throws DamagedImageError when the file
 * ends before its end marker.
 */
export function stripJpeg(file: Uint8Array, orientation: number): Uint8Array {
  if (file[0] !== 0xff || file[1] !== SOI) throw new DamagedImageError('not a JPEG start of image');
  const kept: Uint8Array[] = [file.subarray(0, 2)];
  if (orientation >= 2 && orientation <= 8) kept.push(orientationSegment(orientation));
  let at = 2;
  for (;;) {
    const marker = readMarker(file, at);
    at = marker.next;
    if (marker.code === EOI) {
      kept.push(file.subarray(marker.start, at));
      return concat(kept);
    }
    if (marker.code === 0x01 || (marker.code >= 0xd0 && marker.code <= 0xd7)) {
      kept.push(file.subarray(marker.start, at)); // standalone markers carry no length
      continue;
    }
    const length = segmentLength(file, at);
    const segmentEnd = at + length;
    if (marker.code === SOS) {
      // Entropy-coded data runs until the next marker that is not a stuffed byte or a restart marker.
      const dataEnd = endOfEntropyData(file, segmentEnd);
      kept.push(file.subarray(marker.start, dataEnd));
      at = dataEnd;
      continue;
    }
    if (keepSegment(marker.code, file.subarray(at + 2, segmentEnd))) kept.push(file.subarray(marker.start, segmentEnd));
    at = segmentEnd;
  }
}

function keepSegment(code: number, payload: Uint8Array): boolean {
  if (code === APP0 || code === APP14) return true;
  if (code === APP2) return startsWith(payload, 'ICC_PROFILE\0');
  if (code > APP0 && code <= 0xef) return false; // APP1 (EXIF, XMP) … APP15
  return code !== COM;
}

function readMarker(file: Uint8Array, at: number): { code: number; start: number; next: number } {
  if (at >= file.length || file[at] !== 0xff) throw new DamagedImageError('segment marker expected');
  let i = at;
  while (i < file.length && file[i] === 0xff) i++; // fill bytes
  if (i >= file.length) throw new DamagedImageError('file ends inside a marker');
  return { code: file[i]!, start: i - 1, next: i + 1 };
}

function segmentLength(file: Uint8Array, at: number): number {
  if (at + 2 > file.length) throw new DamagedImageError('file ends inside a segment length');
  const length = (file[at]! << 8) | file[at + 1]!;
  if (length < 2 || at + length > file.length) throw new DamagedImageError('segment runs past the end of the file');
  return length;
}

function endOfEntropyData(file: Uint8Array, from: number): number {
  for (let i = from; i < file.length - 1; i++) {
    if (file[i] !== 0xff) continue;
    const next = file[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) continue;
    return i;
  }
  throw new DamagedImageError('file ends inside the image data (no end marker)');
}

/** "Exif\0\0" + a big-endian TIFF header with one IFD entry: Orientation (0x0112), SHORT, 1 value. */
function orientationSegment(orientation: number): Uint8Array {
  const payload = [
    ...Buffer.from('Exif\0\0', 'latin1'),
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at offset 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ];
  const length = payload.length + 2;
  return Uint8Array.from([0xff, APP1, length >> 8, length & 0xff, ...payload]);
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.subarray(0, text.length)).toString('latin1') === text;
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
