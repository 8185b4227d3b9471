/**
 * `npm run build:openapi`: writes the OpenAPI document to docs/openapi.json (or the path given), formatted the
 * way test/openapi compares it, so the committed file never drifts from the code, and (to the default place only)
 * the `.http` collection docs/skin-api.http.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from './document';
import { httpCollection } from './http-collection';

export const DOCUMENT_FILE = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
/** The `.http` collection generated from the same document. */
export const HTTP_COLLECTION_FILE = fileURLToPath(new URL('../../../docs/skin-api.http', import.meta.url));

export function serializeDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = process.argv[2] ?? DOCUMENT_FILE;
  await writeFile(target, serializeDocument(openApiDocument()));
  process.stdout.write(`wrote ${target}\n`);
  if (!process.argv[2]) {
    await writeFile(HTTP_COLLECTION_FILE, httpCollection(openApiDocument()));
    process.stdout.write(`wrote ${HTTP_COLLECTION_FILE}\n`);
  }
}
