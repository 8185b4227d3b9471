/**
 * The reference page's renderer: Redoc's standalone bundle (npm `redoc`), served by the app itself so /docs
 * needs no CDN. Locally it is read from node_modules; in the Lambda bundle lib/bundling copies it next to
 * index.mjs (`docs-assets/`), where this module looks first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const RENDERER_FILE = 'redoc.standalone.js';
/** The folder beside the Lambda bundle's index.mjs that lib/bundling/docs-assets.ts fills. */
export const BUNDLED_ASSET_DIR = 'docs-assets';
export const RENDERER_PACKAGE_PATH = `redoc/bundles/${RENDERER_FILE}`;

/** Where the renderer is: beside the bundle (Lambda), else in node_modules. */
export function locateRenderer(moduleUrl: string = import.meta.url): string {
  const bundled = fileURLToPath(new URL(`./${BUNDLED_ASSET_DIR}/${RENDERER_FILE}`, moduleUrl));
  if (existsSync(bundled)) return bundled;
  try {
    return createRequire(moduleUrl).resolve(RENDERER_PACKAGE_PATH);
  } catch {
    throw new Error(`The API reference renderer is missing: neither ${bundled} nor the npm package file ${RENDERER_PACKAGE_PATH} exists.`);
  }
}

export function readRenderer(moduleUrl?: string): Buffer {
  return readFileSync(locateRenderer(moduleUrl));
}
