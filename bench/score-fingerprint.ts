/**
 * What the analysis says about a set of photos, as JSON, so two versions of the code can be compared: every marker
 * score and severity, every quality value, the spot list, the face box, and each marker's raw value (unrounded).
 * Speed work must leave this output unchanged (`npm run bench:fingerprint -- out.json photo.jpg…`, then
 * `npm run bench:fingerprint -- --compare before.json after.json`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import sharp from 'sharp';
import { FACE_CROPS, faceJpeg } from '../test/helpers/images';
import { benchJpeg } from './images';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Fingerprint = Record<string, unknown>;

async function fingerprint(paths: string[]): Promise<Record<string, Fingerprint>> {
  const analyzer = await createInspectingAnalyzer({ modelDir: join(ROOT, 'models/generated') });
  const out: Record<string, Fingerprint> = {};
  try {
    const photos: [string, Uint8Array][] = [];
    for (const path of paths) photos.push([basename(path), new Uint8Array(await readFile(path))]);
    // The test suite's single-face crops of the demo photos, as they are and resized, and the bench photos.
    for (const name of Object.keys(FACE_CROPS) as (keyof typeof FACE_CROPS)[]) {
      const jpeg = await faceJpeg(name);
      photos.push([`${name}.jpg`, jpeg]);
      for (const side of [300, 1400]) photos.push([`${name}-${side}.jpg`, await sharp(jpeg).resize(side).jpeg({ quality: 85 }).toBuffer()]);
    }
    for (const mp of [1, 12]) photos.push([`bench-${mp}mp.jpg`, await benchJpeg(mp)]);
    for (const [name, bytes] of photos) {
      const inspection = await analyzer.inspect(bytes, MARKER_NAMES);
      const { outcome } = inspection;
      out[name] = {
        outcome: { ...outcome, overlaySource: undefined },
        overlayDigest: outcome.status === 'completed' && outcome.overlaySource ? digest(JSON.stringify(outcome.overlaySource, replacer)) : null,
        values: inspection.features?.values ?? null,
        details: inspection.features?.details ?? null,
        baseline: inspection.features?.baseline ?? null,
      };
    }
  } finally {
    await analyzer.close();
  }
  return out;
}

function replacer(_key: string, value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  return value;
}

function digest(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(16);
}

/** Lists every leaf that differs; numbers also by how much (relative). */
function compare(a: unknown, b: unknown, path: string, diffs: string[]): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return;
    const rel = Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-12);
    diffs.push(`${path}: ${a} → ${b} (relative ${rel.toExponential(2)})`);
    return;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) compare((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`, diffs);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) diffs.push(`${path}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
}

const args = process.argv.slice(2);
if (args[0] === '--compare') {
  const [before, after] = await Promise.all(args.slice(1, 3).map(async (p) => JSON.parse(await readFile(p, 'utf8'))));
  const diffs: string[] = [];
  compare(before, after, '', diffs);
  console.log(diffs.length === 0 ? 'identical' : diffs.join('\n'));
  process.exitCode = diffs.length === 0 ? 0 : 1;
} else {
  const [outFile, ...photos] = args;
  if (!outFile) throw new Error('usage: score-fingerprint.ts out.json photo…');
  // NaN survives as null in JSON; the comparison treats both sides alike.
  await writeFile(outFile, JSON.stringify(await fingerprint(photos), null, 1));
  console.log(`wrote ${outFile}`);
}
