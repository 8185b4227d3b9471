import type { MarkerName } from '../analysis/contract';
import { drawLegend } from './legend';
import { type OverlaySource, type PhotoWindow } from './overlay-source';
import { SEVERITY_COLOUR } from './severity-colour';

export const OVERLAY_STYLES = ['regions', 'heatmap', 'spots'] as const;
export type OverlayStyle = (typeof OVERLAY_STYLES)[number];
export const OVERLAY_ALIGNMENTS = ['crop', 'original'] as const;
export type OverlayAlignment = (typeof OVERLAY_ALIGNMENTS)[number];

export interface OverlayRequest {
  marker: MarkerName;
  style: OverlayStyle;
  /** `crop`: drawn on the aligned face crop; `original`: a transparent layer in the photo's own pixels. */
  aligned: OverlayAlignment;
  /** Output width in pixels (the height follows the aspect ratio). */
  width: number;
  /** A label box in the top-left corner: the marker, its score and severity (legend.ts). */
  legend?: boolean;
}

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Region tint opacity (today's overlays: 90/255). */
const REGION_ALPHA = 90;
const RING_COLOUR = [255, 255, 255] as const;

export const MIN_OVERLAY_WIDTH = 16;

/** Default and largest width of an overlay for a photo of `photoWidth` pixels (the upright image's width). */
export function overlayWidthRange(photoWidth: number, aligned: OverlayAlignment): { default: number; max: number } {
  if (aligned === 'original') return { default: photoWidth, max: photoWidth };
  return { default: CROP_SIZE, max: Math.max(CROP_SIZE, photoWidth) };
}

/** The aligned crop's side (SKIN_INPUT_SIZE), the default width of a crop overlay. */
const CROP_SIZE = 256;

/**
 * Draws one overlay from a scan's stored OverlaySource. The marker's layer is built once at the crop's size (tint,
 * or evidence as colour and opacity), then resampled into the output: the crop scaled to `width`, or the rotated
 * crop window placed in the photo. Spot rings are drawn last, at the output's resolution, so they stay thin.
 * Asynchronous only for the legend's font, loaded when a legend is first drawn (legend.ts).
 */
export async function renderOverlay(source: OverlaySource, request: OverlayRequest): Promise<RgbaImage> {
  const marker = source.markers[request.marker];
  if (!marker) throw new Error(`the scan has no ${request.marker} result`);
  const S = source.size;
  const layer = markerLayer(source, request.marker, request.style);
  const onCrop = request.aligned === 'crop';
  const width = request.width;
  const height = onCrop ? width : Math.max(1, Math.round((source.photo.height * width) / source.photo.width));
  const out = new Uint8Array(width * height * 4);
  // Output pixel → crop pixel: u = a·x + b·y + c, v = d·x + e·y + f (x, y at pixel centres).
  const t = onCrop ? scaleTransform(S / width) : photoTransform(source.window, S, source.photo.width / width);
  const [x0, y0, x1, y1] = onCrop ? [0, 0, width, height] : footprint(source.window, width / source.photo.width, width, height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const u = Math.floor(t.a * (x + 0.5) + t.b * (y + 0.5) + t.c);
      const v = Math.floor(t.d * (x + 0.5) + t.e * (y + 0.5) + t.f);
      if (u < 0 || v < 0 || u >= S || v >= S) continue;
      const i = v * S + u;
      const o = (y * width + x) * 4;
      const alpha = layer[i * 4 + 3]!;
      if (onCrop) {
        // On the crop photo: blend the layer over it, opaque result (as today's overlays).
        const w = alpha / 255;
        for (let c = 0; c < 3; c++) out[o + c] = Math.round(source.crop[i * 3 + c]! * (1 - w) + layer[i * 4 + c]! * w);
        out[o + 3] = 255;
      } else if (alpha) {
        out.set(layer.subarray(i * 4, i * 4 + 4), o);
      }
    }
  }
  if (request.style === 'spots') {
    const pixelsPerCropPixel = onCrop ? width / S : (source.window.side / S) * (width / source.photo.width);
    for (const spot of source.spots) {
      if (spot.marker !== request.marker) continue;
      // The inverse of t, at the spot's centre (crop pixel index + 0.5 is its centre).
      const centre = onCrop
        ? { x: (spot.x + 0.5) * (width / S), y: (spot.y + 0.5) * (width / S) }
        : cropToOutput(source.window, S, width / source.photo.width, spot.x + 0.5, spot.y + 0.5);
      ring(out, width, height, centre.x, centre.y, (spot.radius + 2) * pixelsPerCropPixel, Math.max(1, 0.75 * pixelsPerCropPixel));
    }
  }
  const image = { width, height, data: out };
  if (request.legend) await drawLegend(image, { marker: request.marker, score: marker.score, severity: marker.severity });
  return image;
}

/** The marker's layer at crop size, RGBA. */
function markerLayer(source: OverlaySource, name: MarkerName, style: OverlayStyle): Uint8Array {
  const S = source.size;
  const n = S * S;
  const layer = new Uint8Array(n * 4);
  const marker = source.markers[name]!;
  if (style === 'regions') {
    const bits = marker.regionBits;
    const [r, g, b] = SEVERITY_COLOUR[marker.severity];
    for (let i = 0; i < n; i++) {
      if (!(source.regions[i]! & bits)) continue;
      layer[i * 4] = r;
      layer[i * 4 + 1] = g;
      layer[i * 4 + 2] = b;
      layer[i * 4 + 3] = REGION_ALPHA;
    }
  } else if (style === 'heatmap') {
    // Yellow where evidence starts to count → red where it counts fully; opacity follows the evidence.
    for (let i = 0; i < n; i++) {
      const e = marker.evidence[i]!;
      if (!e) continue;
      layer[i * 4] = 255;
      layer[i * 4 + 1] = Math.round(220 * (1 - e / 255));
      layer[i * 4 + 2] = 0;
      layer[i * 4 + 3] = Math.round(60 + (195 * e) / 255);
    }
  }
  return layer;
}

interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

function scaleTransform(k: number): Affine {
  return { a: k, b: 0, c: 0, d: 0, e: k, f: 0 };
}

/** Output pixel (photo scaled by 1/photoPerOutput) → crop pixel, the inverse of the crop's rotation and scale. */
function photoTransform(window: PhotoWindow, S: number, photoPerOutput: number): Affine {
  const k = (S / window.side) * photoPerOutput;
  const cos = Math.cos(window.angle);
  const sin = Math.sin(window.angle);
  const cx = window.center.x / photoPerOutput;
  const cy = window.center.y / photoPerOutput;
  // u = (cos·(x − cx) + sin·(y − cy))·k + S/2; v = (−sin·(x − cx) + cos·(y − cy))·k + S/2
  return {
    a: cos * k,
    b: sin * k,
    c: -(cos * cx + sin * cy) * k + S / 2,
    d: -sin * k,
    e: cos * k,
    f: (sin * cx - cos * cy) * k + S / 2,
  };
}

function cropToOutput(window: PhotoWindow, S: number, outputPerPhoto: number, u: number, v: number): { x: number; y: number } {
  const scale = window.side / S;
  const dx = (u - S / 2) * scale;
  const dy = (v - S / 2) * scale;
  const cos = Math.cos(window.angle);
  const sin = Math.sin(window.angle);
  return { x: (window.center.x + cos * dx - sin * dy) * outputPerPhoto, y: (window.center.y + sin * dx + cos * dy) * outputPerPhoto };
}

/** The output rectangle [x0, y0, x1, y1) the rotated crop window covers, clipped to the output. */
function footprint(window: PhotoWindow, outputPerPhoto: number, width: number, height: number): [number, number, number, number] {
  const half = (window.side / 2) * (Math.abs(Math.cos(window.angle)) + Math.abs(Math.sin(window.angle)));
  const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
  return [
    clamp(Math.floor((window.center.x - half) * outputPerPhoto) - 1, width),
    clamp(Math.floor((window.center.y - half) * outputPerPhoto) - 1, height),
    clamp(Math.ceil((window.center.x + half) * outputPerPhoto) + 1, width),
    clamp(Math.ceil((window.center.y + half) * outputPerPhoto) + 1, height),
  ];
}

function ring(out: Uint8Array, width: number, height: number, cx: number, cy: number, radius: number, thickness: number): void {
  const reach = radius + thickness;
  const xStart = Math.max(0, Math.floor(cx - reach));
  const xEnd = Math.min(width - 1, Math.ceil(cx + reach));
  const yStart = Math.max(0, Math.floor(cy - reach));
  const yEnd = Math.min(height - 1, Math.ceil(cy + reach));
  for (let y = yStart; y <= yEnd; y++) {
    for (let x = xStart; x <= xEnd; x++) {
      const distance = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      if (Math.abs(distance - radius) > thickness / 2) continue;
      const o = (y * width + x) * 4;
      out[o] = RING_COLOUR[0];
      out[o + 1] = RING_COLOUR[1];
      out[o + 2] = RING_COLOUR[2];
      out[o + 3] = 255;
    }
  }
}
