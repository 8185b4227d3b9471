import type { Environment } from '../../../functions/kernel/tenant';
import type { ImageStore } from '../../../functions/scans/image-store';

/** The image store in memory: objects by key, with their content type and environment tag. */
export class MemoryImageStore implements ImageStore {
  readonly objects = new Map<string, { bytes: Uint8Array; contentType: string; environment: Environment }>();

  async put(key: string, bytes: Uint8Array, contentType: string, environment: Environment): Promise<void> {
    this.objects.set(key, { bytes: Uint8Array.from(bytes), contentType, environment });
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    return this.objects.get(key)?.bytes;
  }

  async exists(key: string): Promise<boolean> {
    return this.objects.has(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    for (const key of [...this.objects.keys()]) if (key.startsWith(prefix)) this.objects.delete(key);
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.objects.delete(key);
  }
}
