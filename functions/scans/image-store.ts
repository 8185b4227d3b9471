import type { Environment } from '../kernel/tenant';

/** Where a scan's objects live: one prefix per tenant and scan, so erasure can delete by prefix. */
export function scanObjectPrefix(accountId: string, environment: string, scanId: string): string {
  return `${accountId}/${environment}/${scanId}/`;
}

/** Where a scan's own objects sit: the folder of its image. */
function scanFolder(imageKey: string): string {
  return imageKey.slice(0, imageKey.lastIndexOf('/') + 1);
}

/** What the scan's overlays are drawn from (functions/overlays/overlay-source.ts), stored beside its image. */
export function overlaySourceKey(imageKey: string): string {
  return `${scanFolder(imageKey)}overlay-source.bin`;
}

/** One rendered overlay, cached beside the scan's image on its first request (one object per variant). */
export function overlayKey(imageKey: string, variant: { marker: string; style: string; aligned: string; width: number; legend?: boolean }): string {
  return `${scanFolder(imageKey)}overlays/${variant.marker}-${variant.style}-${variant.aligned}-${variant.width}${variant.legend ? '-legend' : ''}.png`;
}

/** The port; its S3 implementation is functions/adapters/aws/s3-image-store.ts. */
export interface ImageStore {
  /**
   * Every object is tagged with its environment: the bucket's lifecycle expires sandbox (`test`) objects after
   * 1 day and live ones after 30 (DESIGN.md section 6).
   */
  put(key: string, bytes: Uint8Array, contentType: string, environment: Environment): Promise<void>;

  get(key: string): Promise<Uint8Array | undefined>;

  /** Whether the object is stored, without reading it (the recovery sweep asks before re-queuing a scan). */
  exists(key: string): Promise<boolean>;

  /** Every object under the prefix (a scan's image and overlays, or a whole user's). */
  deletePrefix(prefix: string): Promise<void>;

  delete(keys: string[]): Promise<void>;
}
