/**
 * `npx tsx eval/face-classifiers.ts [photos…]`: how @vladmandic/human's learned face classifiers behave on real
 * photos and on painting- and mask-like versions of the same faces (docs/analysis.md, "Masks and paintings" and
 * "Perceived age"). The anti-spoofing and liveness models are converted into a temporary folder for this
 * measurement only; the service does not ship them (the figures and their licences say why).
 *
 * Per face: anti-spoof "real" score (sigmoid, 1 = real), liveness "live" probability (softmax class 0, as human
 * reads it), perceived age (perceived-age.onnx, the shipped model) and a skin micro-texture measure, for the
 * photo's own aligned face crop and for constructed variants: `q70` and `half` (re-encoded and half-resolution
 * real photos, which must still pass) and `median9`, `poster` and `smooth` (the face flattened like a painting,
 * posterised like a drawing, smoothed like a moulded mask, which should not).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { alignedFaceCrop, createFaceModels, faceRegions, rasterizeRegions, sampleCrop } from '../functions/analysis/face';
import { extractSquareCrop } from '../functions/analysis/face/crop-sampler';
import { createAgeEstimator } from '../functions/analysis/face/perceived-age';
import type { RgbImage } from '../functions/analysis/types';
import { humanModelsDir } from '../models/build/face-models';
import { buildModels } from '../models/build/index';
import { convertGraphModel } from '../models/build/tfjs-to-onnx/convert';
import { readGraphModel } from '../models/build/tfjs-to-onnx/graph-model';

const FIXTURES = '/work/shared/fixtures/images';
const DEFAULT_PHOTOS = [
  ...['obama.jpg', 'biden.jpg', 'two_people.jpg', 'astronaut.png'].map((f) => join(FIXTURES, f)),
  ...[1, 2, 3, 4, 5, 6].map((n) => `node_modules/@vladmandic/face-api/demo/sample${n}.jpg`),
];
/** Faces smaller than this (detector box, photo pixels) are left out, as the analyzer's face_size check does. */
const MIN_FACE = 100;
const REAL = ['photo', 'q70', 'half'] as const;
const FAKE = ['median9', 'poster', 'smooth'] as const;

async function decode(input: string | Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

const raw = (img: RgbImage) => sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } });

async function variants(crop: RgbImage): Promise<Record<string, RgbImage>> {
  const size = crop.width;
  const median9 = await decode(await raw(crop).median(9).png().toBuffer());
  return {
    photo: crop,
    q70: await decode(await raw(crop).jpeg({ quality: 70 }).toBuffer()),
    half: await decode(await sharp(await raw(crop).resize(size / 2).png().toBuffer()).resize(size).png().toBuffer()),
    median9,
    poster: { ...median9, data: median9.data.map((v) => Math.min(255, Math.round(v / 48) * 48)) },
    smooth: await decode(await raw(crop).blur(3).png().toBuffer()),
  };
}

/** Median |luma − its 3×3 mean| over the face's skin regions: pore-scale detail, 0 on a flat surface. */
function microTexture(crop: RgbImage, skin: Uint8Array): number {
  const { width: w, data } = crop;
  const luma = (i: number) => 0.299 * data[3 * i] + 0.587 * data[3 * i + 1] + 0.114 * data[3 * i + 2];
  const values: number[] = [];
  for (let y = 1; y < w - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!skin[i]) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += luma(i + dy * w + dx);
      values.push(Math.abs(luma(i) - sum / 9));
    }
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? 0;
}

async function main() {
  const photos = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PHOTOS;
  await buildModels();
  const temp = await mkdtemp(join(tmpdir(), 'face-classifiers-'));
  const sessions: Record<string, ort.InferenceSession> = {};
  for (const name of ['antispoof', 'liveness']) {
    const graph = await readGraphModel(join(await humanModelsDir(), `${name}.json`));
    await writeFile(join(temp, `${name}.onnx`), convertGraphModel(graph, { graphName: name }));
    sessions[name] = await ort.InferenceSession.create(join(temp, `${name}.onnx`));
  }
  const faces = await createFaceModels({ modelDir: DEFAULT_MODEL_DIR });
  const age = await createAgeEstimator({ modelDir: DEFAULT_MODEL_DIR });
  const resized = (img: RgbImage, size: number) =>
    sampleCrop(img, { center: { x: img.width / 2, y: img.height / 2 }, side: img.width, angle: 0 }, size).map((v) => v / 255);
  const rows: Record<string, { real: number; live: number; age: number; texture: number }[]> = {};
  const ageMs: { wall: number; cpu: number }[] = [];
  console.log('| photo | face | px | variant | anti-spoof real | liveness live | perceived age | micro-texture |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const file of photos) {
    const image = await decode(file);
    for (const [index, face] of (await faces.detect(image)).entries()) {
      if (Math.min(face.box.width, face.box.height) < MIN_FACE) continue;
      const landmarks = await faces.landmarks(image, face);
      const window = alignedFaceCrop(landmarks.points);
      const crop = extractSquareCrop(image, window, 256);
      const { masks } = rasterizeRegions(faceRegions(landmarks.points), window, 256);
      const skin = new Uint8Array(256 * 256);
      for (const name of ['forehead', 'left_cheek', 'right_cheek'] as const) masks[name].forEach((v, i) => (skin[i] ||= v));
      for (const [variant, v] of Object.entries(await variants(crop))) {
        const a = await sessions.antispoof.run({ conv2d_input: new ort.Tensor('float32', resized(v, 128), [1, 128, 128, 3]) });
        const l = await sessions.liveness.run({ conv2d_1_input: new ort.Tensor('float32', resized(v, 32), [1, 32, 32, 3]) });
        const row = {
          real: (Object.values(a)[0].data as Float32Array)[0],
          live: (Object.values(l)[0].data as Float32Array)[0],
          age: await timed(ageMs, async () => (await age.estimate(v)).years),
          texture: microTexture(v, skin),
        };
        (rows[variant] ??= []).push(row);
        console.log(`| ${basename(file)} | ${index} | ${Math.round(face.box.width)} | ${variant} | ${row.real.toFixed(3)} | ${row.live.toFixed(3)} | ${row.age} | ${row.texture.toFixed(2)} |`);
      }
    }
  }
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  console.log('\n| variant | faces | anti-spoof real | liveness live | micro-texture |');
  console.log('|---|---|---|---|---|');
  for (const variant of [...REAL, ...FAKE]) {
    const r = rows[variant] ?? [];
    console.log(`| ${variant} | ${r.length} | ${range(r.map((x) => x.real))} | ${range(r.map((x) => x.live))} | ${range(r.map((x) => x.texture))} |`);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1].toFixed(1);
  console.log(
    `perceived-age pass (resample, model, read-out), median of ${ageMs.length}: ${median(ageMs.map((m) => m.cpu))} ms CPU, ${median(ageMs.map((m) => m.wall))} ms wall`,
  );
  // A threshold that refuses no real variant: how many painting/mask-like variants would it catch?
  for (const key of ['real', 'live', 'texture'] as const) {
    const floor = Math.min(...REAL.flatMap((v) => (rows[v] ?? []).map((x) => x[key])));
    const fakes = FAKE.flatMap((v) => rows[v] ?? []);
    const caught = fakes.filter((x) => x[key] < floor).length;
    console.log(`${key}: lowest real value ${floor.toFixed(3)}; painting/mask-like variants below it ${caught}/${fakes.length}`);
  }
  await Promise.all([faces.close(), age.close(), ...Object.values(sessions).map((s) => s.release())]);
  await rm(temp, { recursive: true, force: true });
}

async function timed<T>(into: { wall: number; cpu: number }[], run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  into.push({ wall: performance.now() - start, cpu: (used.user + used.system) / 1000 });
  return result;
}

await main();
