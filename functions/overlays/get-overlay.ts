import { invalidParam, notFound } from '../kernel/errors';
import { overlayKey, overlaySourceKey, type ImageStore, type ScanRecord } from '../scans/contract';
import { decodeOverlaySource } from './overlay-source';
import { encodeRgbaPng } from './png-encoder';
import { MIN_OVERLAY_WIDTH, overlayWidthRange, renderOverlay, type OverlayRequest } from './render-overlay';

/**
 * The PNG of one overlay of a completed scan: read from the object store when drawn before, otherwise drawn from
 * the scan's overlay source and stored beside it (the scan's prefix, so deleting the scan or its user removes it).
 */
export async function getOverlay(
  images: ImageStore,
  scan: ScanRecord,
  request: Omit<OverlayRequest, 'width'> & { width?: number },
): Promise<Uint8Array> {
  const range = overlayWidthRange(scan.image.width, request.aligned);
  const width = request.width ?? range.default;
  if (width < MIN_OVERLAY_WIDTH || width > range.max) {
    throw invalidParam('width', `expected ${MIN_OVERLAY_WIDTH} to ${range.max} pixels for aligned=${request.aligned}, received ${width}`);
  }
  const variant = { ...request, width };
  const key = overlayKey(scan.image_key, variant);
  const cached = await images.get(key);
  if (cached) return cached;
  const stored = await images.get(overlaySourceKey(scan.image_key));
  // Scans completed before overlays were drawn on request have no source (their old PNGs were not kept).
  if (!stored) throw notFound(`The overlay of scan ${scan.scan_id} for ${request.marker}`);
  const image = await renderOverlay(decodeOverlaySource(stored), variant);
  const png = encodeRgbaPng(image.width, image.height, image.data);
  await images.put(key, png, 'image/png', scan.environment);
  return png;
}
