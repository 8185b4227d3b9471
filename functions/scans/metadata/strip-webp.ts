import { DamagedImageError } from './damaged-image-error';

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

/** A WebP without its EXIF and XMP chunks (and their VP8X flags); throws DamagedImageError when sizes disagree. */
export function stripWebp(file: Uint8Array): Uint8Array {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.length);
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    throw new DamagedImageError('not a RIFF WebP container');
  }
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) throw new DamagedImageError('file ends before the RIFF container does');
  const chunks: Buffer[] = [];
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) throw new DamagedImageError('chunk header runs past the container');
    const fourcc = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) throw new DamagedImageError(`chunk ${fourcc} runs past the container`);
    if (fourcc !== 'EXIF' && fourcc !== 'XMP ') {
      const chunk = Buffer.from(bytes.subarray(at, Math.min(end, riffEnd)));
      if (fourcc === 'VP8X') chunk[8] = chunk[8]! & ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      chunks.push(chunk);
    }
    at = end;
  }
  const body = Buffer.concat(chunks);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
