/** The overlay renderer and PNG encoder on a made-up overlay source: placement in the photo, sizes, the PNG bytes. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cropToImage } from '../../functions/analysis/face/square-crop';
import { decodeOverlaySource, encodeOverlaySource, regionBit, type OverlaySource } from '../../functions/overlays/overlay-source';
import { encodeRgbaPng } from '../../functions/overlays/png-encoder';
import { renderOverlay } from '../../functions/overlays/render-overlay';
import { legendLine } from '../../functions/overlays/legend';
import { fonts, renderPixels } from 'js-pixel-fonts';

const S = 256;

function source(): OverlaySource {
  const n = S * S;
  const evidence = new Uint8Array(n);
  // A 4×4 block of full evidence at crop pixels 100..103 × 60..63 (centre 102, 62).
  for (let v = 60; v < 64; v++) for (let u = 100; u < 104; u++) evidence[v * S + u] = 255;
  const regions = new Uint16Array(n);
  for (let v = 100; v < 150; v++) for (let u = 50; u < 90; u++) regions[v * S + u] = regionBit('left_cheek');
  const crop = new Uint8Array(n * 3).fill(100);
  return {
    photo: { width: 1200, height: 800 },
    window: { center: { x: 700, y: 380 }, side: 420, angle: 0.3 },
    size: S,
    crop,
    regions,
    markers: { redness: { severity: 'high', score: 20, regionBits: regionBit('left_cheek'), evidence } },
    spots: [],
  };
}

function centroidOfOpaque(image: { width: number; height: number; data: Uint8Array }): { x: number; y: number; count: number } {
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!image.data[(y * image.width + x) * 4 + 3]) continue;
      sx += x + 0.5;
      sy += y + 0.5;
      count++;
    }
  }
  return { x: sx / count, y: sy / count, count };
}

describe('renderOverlay', () => {
  it('when a heatmap is aligned to the original, then the evidence lands where the crop window maps it in the photo', async () => {
    const image = await renderOverlay(source(), { marker: 'redness', style: 'heatmap', aligned: 'original', width: 1200 });
    expect({ width: image.width, height: image.height }).toEqual({ width: 1200, height: 800 });
    const expected = cropToImage(source().window, S, { x: 102, y: 62 });
    const found = centroidOfOpaque(image);
    expect(Math.abs(found.x - expected.x)).toBeLessThan(1);
    expect(Math.abs(found.y - expected.y)).toBeLessThan(1);
    // 16 crop pixels of 420/256 photo pixels each: about 43 photo pixels.
    expect(found.count).toBeGreaterThan(30);
    expect(found.count).toBeLessThan(60);
  });

  it('when half the width is asked for, then the same place at half the scale', async () => {
    const image = await renderOverlay(source(), { marker: 'redness', style: 'heatmap', aligned: 'original', width: 600 });
    expect({ width: image.width, height: image.height }).toEqual({ width: 600, height: 400 });
    const expected = cropToImage(source().window, S, { x: 102, y: 62 });
    const found = centroidOfOpaque(image);
    expect(Math.abs(found.x - expected.x / 2)).toBeLessThan(1);
    expect(Math.abs(found.y - expected.y / 2)).toBeLessThan(1);
  });

  it('when spots are drawn, then each ring is centred on its spot, in the photo', async () => {
    const withSpot = { ...source(), spots: [{ marker: 'acne' as const, x: 120, y: 140, radius: 3 }] };
    withSpot.markers = { acne: { ...withSpot.markers.redness! } };
    const image = await renderOverlay(withSpot, { marker: 'acne', style: 'spots', aligned: 'original', width: 1200 });
    const expected = cropToImage(withSpot.window, S, { x: 120.5, y: 140.5 });
    const found = centroidOfOpaque(image);
    expect(Math.abs(found.x - expected.x)).toBeLessThan(1);
    expect(Math.abs(found.y - expected.y)).toBeLessThan(1);
    // Rings are the spots style's only ink: nothing of the regions or the evidence.
    expect(found.count).toBeLessThan(200);
  });

  it('when regions are drawn on the crop, then the crop shows through, tinted only inside the regions', async () => {
    const image = await renderOverlay(source(), { marker: 'redness', style: 'regions', aligned: 'crop', width: 256 });
    const pixel = (u: number, v: number) => Array.from(image.data.subarray((v * 256 + u) * 4, (v * 256 + u) * 4 + 4));
    expect(pixel(10, 10)).toEqual([100, 100, 100, 255]);
    const w = 90 / 255;
    expect(pixel(60, 120)).toEqual([231, 76, 60].map((c) => Math.round(100 * (1 - w) + c * w)).concat(255));
  });
});

describe('overlay legend', () => {
  const pixel = (image: { width: number; data: Uint8Array }, x: number, y: number) => Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4));

  it('when a legend is asked for, then the top-left box shows the severity swatch and the text "Redness 20 high", pixel for pixel, and nothing else changes', async () => {
    const plain = await renderOverlay(source(), { marker: 'redness', style: 'regions', aligned: 'crop', width: 256 });
    const image = await renderOverlay(source(), { marker: 'redness', style: 'regions', aligned: 'crop', width: 256, legend: true });
    expect(legendLine({ marker: 'redness', score: 20, severity: 'high' })).toBe('Redness 20 high');
    expect(legendLine({ marker: 'dark_circles', score: 71.6, severity: 'moderate' })).toBe('Dark circles 72 moderate');
    // At 256 px: letters 2× (the 9-row line of the 7-px font with its descender → 18 px), padding 4, a swatch as high as the line.
    const glyphs = renderPixels('Redness 20 high', fonts.sevenPlus);
    expect(glyphs).toHaveLength(9);
    const scale = 2;
    const pad = 4;
    const left = pad + 18 + pad;
    const boxWidth = left + glyphs[0]!.length * scale + pad;
    const boxHeight = pad + glyphs.length * scale + pad;
    expect(pixel(image, 0, 0)).toEqual([20, 20, 20, 200]);
    expect(pixel(image, pad + 7, pad + 7)).toEqual([231, 76, 60, 255]);
    for (let y = 0; y < glyphs.length; y++) {
      for (let x = 0; x < glyphs[y]!.length; x++) {
        const expected = glyphs[y]![x] ? [255, 255, 255, 255] : [20, 20, 20, 200];
        expect(pixel(image, left + x * scale + 1, pad + y * scale + 1), `glyph pixel ${x},${y}`).toEqual(expected);
      }
    }
    for (let y = 0; y < 256; y++) {
      for (let x = 0; x < 256; x++) if (x >= boxWidth || y >= boxHeight) expect(pixel(image, x, y)).toEqual(pixel(plain, x, y));
    }
  });

  it('when a legend is drawn on a transparent layer aligned to the original, then its letters scale with the width and the PNG bytes are the same every time', async () => {
    const request = { marker: 'redness', style: 'heatmap', aligned: 'original', width: 1200, legend: true } as const;
    const image = await renderOverlay(source(), request);
    // 1200 px: letters 8× (9 rows → 72 px), the box 16 + 72 + 16 = 104 px high, the rest of the layer transparent above the face.
    expect(pixel(image, 0, 103)).toEqual([20, 20, 20, 200]);
    expect(pixel(image, 0, 104)).toEqual([0, 0, 0, 0]);
    expect(pixel(image, 16 + 36, 16 + 36)).toEqual([231, 76, 60, 255]);
    const again = await renderOverlay(source(), request);
    expect(Buffer.from(encodeRgbaPng(again.width, again.height, again.data))).toEqual(Buffer.from(encodeRgbaPng(image.width, image.height, image.data)));
  });
});

describe('overlay source and PNG encoding', () => {
  it('when a source is encoded and decoded, then every field comes back', () => {
    const original = source();
    expect(decodeOverlaySource(encodeOverlaySource(original))).toEqual(original);
  });

  it('when RGBA pixels are encoded, then a PNG decoder reads back the same pixels', async () => {
    const width = 37;
    const height = 23;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i++) rgba[i] = (i * 7919) % 251;
    const { data, info } = await sharp(encodeRgbaPng(width, height, rgba)).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({ width, height, channels: 4 });
    expect(new Uint8Array(data)).toEqual(rgba);
  });
});
