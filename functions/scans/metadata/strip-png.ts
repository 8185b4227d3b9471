import { DamagedImageError } from './damaged-image-error';

/** Text, EXIF and time chunks: where PNG keeps metadata. Colour chunks (iCCP, sRGB, gAMA, cHRM) stay. */
const METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);
const SIGNATURE_LENGTH = 8;

/** A PNG without its metadata chunks; throws DamagedImageError when a chunk runs past the end or IEND is missing. */
export function stripPng(file: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [file.subarray(0, SIGNATURE_LENGTH)];
  let at = SIGNATURE_LENGTH;
  while (at + 8 <= file.length) {
    const length = Buffer.from(file.buffer, file.byteOffset + at, 4).readUInt32BE(0);
    const type = Buffer.from(file.subarray(at + 4, at + 8)).toString('latin1');
    const end = at + 12 + length;
    if (end > file.length) throw new DamagedImageError(`chunk ${type} runs past the end of the file`);
    if (!METADATA_CHUNKS.has(type)) kept.push(file.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(kept);
    at = end;
  }
  throw new DamagedImageError('file ends before the IEND chunk');
}
