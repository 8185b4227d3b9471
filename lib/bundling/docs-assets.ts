import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { BUNDLED_ASSET_DIR, RENDERER_FILE, RENDERER_PACKAGE_PATH } from '../../functions/api/openapi/renderer-asset';

/**
 * Copies the API reference renderer (Redoc's standalone bundle, from node_modules) and its licence notice into
 * `outDir/docs-assets`, where the bundled API function reads it for GET /docs (functions/api/openapi/renderer-asset.ts).
 */
export function copyDocsAssets(projectRoot: string, outDir: string): string[] {
  const source = createRequire(join(projectRoot, 'package.json')).resolve(RENDERER_PACKAGE_PATH);
  const target = join(outDir, BUNDLED_ASSET_DIR);
  mkdirSync(target, { recursive: true });
  const copied = [RENDERER_FILE];
  copyFileSync(source, join(target, RENDERER_FILE));
  const licence = `${source}.LICENSE.txt`;
  if (existsSync(licence)) {
    copyFileSync(licence, join(target, basename(licence)));
    copied.push(basename(licence));
  }
  return copied;
}
