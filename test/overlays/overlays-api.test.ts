/**
 * Overlays drawn on request (issue 22): a scan stores what its overlays are drawn from; GET /v1/scans/{id}/overlay
 * renders each style on its first request, caches the PNG beside the scan, and the cache goes with the scan or user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createS3Client } from '../../functions/adapters/aws/clients';
import { encodeRgbaPng } from '../../functions/overlays/png-encoder';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

let stack: TestStack;
let s3: S3Client;
/** The frontal face with a wide margin on its left: a photo that is not square, the face off its centre. */
let photo: Buffer;
const PHOTO = { width: 900, height: 560 };

beforeAll(async () => {
  stack = await startTestStack();
  s3 = createS3Client(stack.config);
  photo = await sharp(await faceJpeg('frontal'))
    .extend({ left: 300, right: 40, background: { r: 120, g: 130, b: 140 } })
    .jpeg({ quality: 92 })
    .toBuffer();
});
afterAll(() => stack?.close());

const get = (path: string) => fetch(`${stack.apiUrl}${path}`, { headers: bearer(stack.key) });
const submit = async (fields: Record<string, string> = {}) => {
  const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: photo, ...fields }), headers: bearer(stack.key) });
  expect(response.status).toBe(201);
  return response.json();
};
const keysOf = async (scanId: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: stack.config.IMAGES_BUCKET, Prefix: `${stack.accountId}/test/${scanId}/` }))).Contents ?? []).map(
    (object) => object.Key!.slice(object.Key!.lastIndexOf(`${scanId}/`) + scanId.length + 1),
  );
const pngOf = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

describe('GET /v1/scans/{id}/overlay', () => {
  let scan: { scan_id: string; face: { box: { x: number; y: number; width: number; height: number } }; spots: { marker: string; x: number; y: number; radius: number }[] };

  beforeAll(async () => {
    scan = await submit({ markers: 'acne,pigmentation,redness' });
  });

  it('when a scan completes, then only the overlay source is stored beside the image: no PNG is drawn on the scan path', async () => {
    expect((await keysOf(scan.scan_id)).sort()).toEqual(['image.jpg', 'overlay-source.bin']);
  });

  it('when each style is asked for on the crop, then a 256 px PNG comes back, and it is cached beside the scan', async () => {
    for (const style of ['regions', 'heatmap', 'spots'] as const) {
      const image = await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?marker=acne&style=${style}`));
      expect({ width: image.width, height: image.height }).toEqual({ width: 256, height: 256 });
      expect(await keysOf(scan.scan_id)).toContain(`overlays/acne-${style}-crop-256.png`);
    }
  });

  it('when the same overlay is asked for twice, then the second answer is the cached object', async () => {
    const path = `/v1/scans/${scan.scan_id}/overlay?marker=redness&style=regions&width=128`;
    await pngOf(await get(path));
    const key = `${stack.accountId}/test/${scan.scan_id}/overlays/redness-regions-crop-128.png`;
    expect(await keysOf(scan.scan_id)).toContain(key.slice(key.indexOf('overlays/')));
    // Replace the cached PNG with a marked one: the next answer must be exactly those bytes (read, not redrawn).
    const marked = encodeRgbaPng(1, 1, new Uint8Array([1, 2, 3, 4]));
    await s3.send(new PutObjectCommand({ Bucket: stack.config.IMAGES_BUCKET, Key: key, Body: marked, ContentType: 'image/png' }));
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(marked);
  });

  it("when a heatmap aligned to the original is asked for, then it has the photo's size and is transparent outside the face", async () => {
    const image = await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?marker=redness&style=heatmap&aligned=original`));
    expect({ width: image.width, height: image.height, channels: image.channels }).toEqual({ ...PHOTO, channels: 4 });
    const { x, y, width, height } = scan.face.box;
    const grown = { x0: x - width * 0.25, y0: y - height * 0.5, x1: x + width * 1.25, y1: y + height * 1.25 };
    let inside = 0;
    let outside = 0;
    for (let py = 0; py < image.height; py++) {
      for (let px = 0; px < image.width; px++) {
        const alpha = image.data[(py * image.width + px) * 4 + 3]!;
        if (!alpha) continue;
        if (px >= grown.x0 && px < grown.x1 && py >= grown.y0 && py < grown.y1) inside++;
        else outside++;
      }
    }
    expect(outside).toBe(0);
    expect(inside).toBeGreaterThan(500);
    // The margin added left of the face is never covered.
    expect(x).toBeGreaterThan(300);
  });

  it('when a smaller width aligned to the original is asked for, then the height keeps the photo aspect', async () => {
    const image = await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?marker=acne&style=spots&aligned=original&width=450`));
    expect({ width: image.width, height: image.height }).toEqual({ width: 450, height: 280 });
  });

  it('when a legend is asked for, then the PNG carries a label box in its top-left corner, cached apart from the plain one', async () => {
    const plain = await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?marker=pigmentation&style=regions`));
    const labelled = await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?marker=pigmentation&style=regions&legend=true`));
    expect(await keysOf(scan.scan_id)).toEqual(expect.arrayContaining(['overlays/pigmentation-regions-crop-256.png', 'overlays/pigmentation-regions-crop-256-legend.png']));
    const at = (image: typeof plain, x: number, y: number) => Array.from(image.data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 4));
    // The box's dark background over the crop (opaque on the crop overlay); below it, the same pixels as without.
    expect(at(labelled, 1, 1)).not.toEqual(at(plain, 1, 1));
    expect(at(labelled, 1, 1)[0]).toBeLessThan(60);
    for (let y = 30; y < 256; y += 7) for (let x = 0; x < 256; x += 7) expect(at(labelled, x, y)).toEqual(at(plain, x, y));
    expect((await get(`/v1/scans/${scan.scan_id}/overlay?marker=pigmentation&style=regions&legend=false`)).status).toBe(200);
  });

  it('then the spots listed in the scan lie on the face, in the photo coordinates', async () => {
    expect(scan.spots.length).toBeGreaterThan(0);
    // The detector's box starts mid-forehead; the forehead region (where spots are counted too) reaches above it.
    const { x, y, width, height } = scan.face.box;
    const top = y - 0.15 * height;
    for (const spot of scan.spots) {
      expect(['acne', 'pigmentation']).toContain(spot.marker);
      expect(spot.x).toBeGreaterThanOrEqual(x);
      expect(spot.x).toBeLessThanOrEqual(x + width);
      expect(spot.y).toBeGreaterThanOrEqual(top);
      expect(spot.y).toBeLessThanOrEqual(y + height);
      expect(spot.radius).toBeGreaterThan(0);
    }
    expect(await (await get(`/v1/scans/${scan.scan_id}`)).json()).toMatchObject({ spots: scan.spots });
  });

  it('when style, aligned or width is not acceptable, then 400 naming that parameter', async () => {
    for (const [query, param] of [
      ['style=sparkles', 'style'],
      ['aligned=left', 'aligned'],
      ['width=abc', 'width'],
      ['width=0', 'width'],
      ['width=8', 'width'],
      [`width=${PHOTO.width + 1}&aligned=original`, 'width'],
      ['legend=yes', 'legend'],
    ]) {
      const response = await get(`/v1/scans/${scan.scan_id}/overlay?marker=acne&${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect((await response.json()).errors[0].param, query).toBe(param);
    }
  });
});

describe('overlay cache and deletion', () => {
  it('when the scan is deleted, then its overlay source and cached overlays are gone', async () => {
    const scan = await submit({ markers: 'acne' });
    await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?style=heatmap&aligned=original`));
    expect(await keysOf(scan.scan_id)).toEqual(expect.arrayContaining(['overlay-source.bin', `overlays/acne-heatmap-original-${PHOTO.width}.png`]));
    expect((await fetch(`${stack.apiUrl}/v1/scans/${scan.scan_id}`, { method: 'DELETE', headers: bearer(stack.key) })).status).toBe(204);
    expect(await keysOf(scan.scan_id)).toEqual([]);
    expect((await get(`/v1/scans/${scan.scan_id}/overlay?style=heatmap&aligned=original`)).status).toBe(404);
  });

  it('when the user is erased, then the overlays of their scans are gone', async () => {
    const scan = await submit({ markers: 'pigmentation', user_id: 'overlay-erase' });
    await pngOf(await get(`/v1/scans/${scan.scan_id}/overlay?style=spots`));
    expect(await keysOf(scan.scan_id)).toEqual(expect.arrayContaining(['overlay-source.bin', 'overlays/pigmentation-spots-crop-256.png']));
    expect((await fetch(`${stack.apiUrl}/v1/users/overlay-erase`, { method: 'DELETE', headers: bearer(stack.key) })).status).toBe(204);
    expect(await keysOf(scan.scan_id)).toEqual([]);
  });
});
