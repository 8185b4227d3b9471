import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { stripMetadata } from '../../functions/scans/metadata/strip-metadata';
import { DamagedImageError } from '../../functions/scans/metadata/damaged-image-error';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg, pngChunk } from '../helpers/images';

let stack: TestStack;
let face: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  face = await faceJpeg('frontal');
});
afterAll(() => stack?.close());

const SECRET_TEXT = 'GPS 48.8584 N 2.2945 E, Jane Doe, iPhone 15';

async function postAndReadStored(image: Buffer, contentType: string) {
  const response = await fetch(`${stack.apiUrl}/v1/scans`, {
    method: 'POST',
    body: scanForm({ image, contentType, markers: 'acne' }),
    headers: bearer(stack.key),
  });
  const scan = await response.json();
  const record = await stack.stores.scans.get({ accountId: stack.accountId, environment: 'test' }, scan.scan_id);
  const stored = await stack.stores.images.get(record!.image_key);
  return { response, scan, stored: Buffer.from(stored!) };
}


describe('stored uploads carry no metadata', () => {
  it('when a JPEG with EXIF text and a GPS-like comment is uploaded, then the stored copy has the same pixels and none of it', async () => {
    const withExif = await sharp(face).withExif({ IFD0: { Copyright: SECRET_TEXT, Artist: SECRET_TEXT } }).jpeg({ quality: 90 }).toBuffer();
    expect(withExif.toString('latin1')).toContain(SECRET_TEXT);
    const { response, stored } = await postAndReadStored(withExif, 'image/jpeg');

    expect(response.status).toBe(201);
    expect(stored.toString('latin1')).not.toContain(SECRET_TEXT);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const [before, after] = await Promise.all([sharp(withExif).raw().toBuffer(), sharp(stored).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  });

  it('when a JPEG is stored sideways with EXIF orientation 6, then only the orientation survives and the face is analysed upright', async () => {
    const sideways = await sharp(face).rotate(-90).withMetadata({ orientation: 6 }).withExif({ IFD0: { Artist: SECRET_TEXT } }).jpeg().toBuffer();
    const { response, scan, stored } = await postAndReadStored(sideways, 'image/jpeg');

    expect(response.status).toBe(201);
    expect(scan.image).toEqual({ width: 560, height: 560, format: 'jpeg' });
    expect(scan.face.landmarks).toBe(468);
    expect(stored.toString('latin1')).not.toContain(SECRET_TEXT);
    expect((await sharp(stored).metadata()).orientation).toBe(6);
  });

  it('when a PNG with text chunks is uploaded, then the stored copy has no text chunk', async () => {
    const png = await sharp(face).png().toBuffer();
    const iend = png.length - 12;
    const withText = Buffer.concat([png.subarray(0, 33), pngChunk('tEXt', Buffer.from(`Comment\0${SECRET_TEXT}`, 'latin1')), png.subarray(33, iend), pngChunk('iTXt', Buffer.from(`XML:com.adobe.xmp\0\0\0\0\0${SECRET_TEXT}`, 'latin1')), png.subarray(iend)]);
    const { response, stored } = await postAndReadStored(withText, 'image/png');
    expect(response.status).toBe(201);
    expect(stored.toString('latin1')).not.toContain(SECRET_TEXT);
    expect(stored.toString('latin1')).not.toContain('tEXt');
  });

  it('when a WebP with EXIF is uploaded, then the stored copy has no EXIF chunk and decodes to the same pixels', async () => {
    const webp = await sharp(face).withExif({ IFD0: { Copyright: SECRET_TEXT } }).webp({ quality: 90 }).toBuffer();
    expect(webp.toString('latin1')).toContain(SECRET_TEXT);
    const { response, stored } = await postAndReadStored(webp, 'image/webp');
    expect(response.status).toBe(201);
    expect(stored.toString('latin1')).not.toContain(SECRET_TEXT);
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
  });

  it('when the PNG structure is whole but its compressed pixels are garbage, then 422 image_unreadable with the failed scan id', async () => {
    const damaged = Buffer.from(await sharp(face).png().toBuffer());
    // Bytes inside the first IDAT chunk's data overwritten: chunk lengths stay right, so only decoding can tell.
    const idat = damaged.indexOf('IDAT', 0, 'latin1');
    const length = damaged.readUInt32BE(idat - 4);
    for (let i = idat + 4 + 64; i < idat + 4 + length - 64; i += 5) damaged[i] = 0x55;
    const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: damaged, contentType: 'image/png', markers: 'acne' }), headers: bearer(stack.key) });
    const problem = await response.json();
    expect(response.status).toBe(422);
    expect(problem).toMatchObject({ code: 'image_unreadable', scan_id: expect.stringMatching(/^scan_/) });
    const scan = await (await fetch(`${stack.apiUrl}/v1/scans/${problem.scan_id}`, { headers: bearer(stack.key) })).json();
    expect(scan).toMatchObject({ status: 'failed', error: { code: 'image_unreadable' } });
  });
});

describe('stripMetadata on files cut short', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('when a %s ends early, then it is refused as damaged', async (format) => {
    const whole = await sharp(face)[format]().toBuffer();
    expect(() => stripMetadata(format, whole, 1)).not.toThrow();
    for (const cut of [0.3, 0.7, 0.99]) {
      expect(() => stripMetadata(format, whole.subarray(0, Math.floor(whole.length * cut)), 1)).toThrow(DamagedImageError);
    }
  });
});
