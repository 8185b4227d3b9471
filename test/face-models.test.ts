import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleCrop } from '../functions/analysis/face/crop-sampler';
import {
  alignedFaceCrop,
  createFaceModels,
  faceRegions,
  rasterizeRegions,
  type DetectedFace,
  type FaceModels,
} from '../functions/analysis/face/index';
import { letterbox } from '../functions/analysis/face/letterbox';
import { FACE_MODEL_IO } from '../functions/analysis/face/model-io';
import { imageToCrop } from '../functions/analysis/face/square-crop';
import { REGION_NAMES, type RgbImage } from '../functions/analysis/types';
import {
  decodeRgb,
  faceModelDir,
  GROUP_PHOTOS,
  groupPhotoPath,
  humanModelsDir,
  removeFaceModelDir,
} from './support/face-model-setup';
import { seededRandom } from './support/seeded-random';
import { loadTfjsReference, type TfjsReference } from './support/tfjs-reference';

let modelDir: string;
let models: FaceModels;
const photos = new Map<string, RgbImage>();
const photo = async (file: string) => {
  if (!photos.has(file)) photos.set(file, await decodeRgb(groupPhotoPath(file)));
  return photos.get(file)!;
};

beforeAll(async () => {
  modelDir = await faceModelDir();
  models = await createFaceModels({ modelDir });
});

afterAll(async () => {
  await models?.close();
  await removeFaceModelDir();
});

describe('converted models against the TF.js originals', () => {
  /**
   * Per output (by ONNX name): largest |onnx − tfjs|, and that relative to the output's largest magnitude
   * (logits reach the hundreds, so float32 rounding alone gives ~1e-3 there).
   */
  async function compare(
    session: ort.InferenceSession,
    reference: TfjsReference,
    names: Record<string, string>,
    input: Float32Array,
    shape: number[],
  ): Promise<Record<string, { maxAbsDiff: number; relative: number }>> {
    const expected = reference.run(input, shape);
    const actual = await session.run({ input: new ort.Tensor('float32', input, shape) });
    const result: Record<string, { maxAbsDiff: number; relative: number }> = {};
    for (const [tfKey, onnxName] of Object.entries(names)) {
      const a = actual[onnxName].data as Float32Array;
      const e = expected[tfKey];
      expect(a.length).toBe(e.length);
      const maxAbsDiff = a.reduce((m, v, i) => Math.max(m, Math.abs(v - e[i])), 0);
      const magnitude = e.reduce((m, v) => Math.max(m, Math.abs(v)), 1);
      result[onnxName] = { maxAbsDiff, relative: maxAbsDiff / magnitude };
    }
    return result;
  }

  function expectClose(result: Record<string, { maxAbsDiff: number; relative: number }>) {
    for (const { maxAbsDiff, relative } of Object.values(result)) {
      expect(maxAbsDiff).toBeLessThan(5e-3);
      expect(relative).toBeLessThan(1e-5);
    }
  }

  const B = FACE_MODEL_IO.blazeface;
  const M = FACE_MODEL_IO.facemesh;
  const blazefaceNames = { 'Identity:0': B.scores16, 'Identity_1:0': B.scores32, 'Identity_2:0': B.boxes16, 'Identity_3:0': B.boxes32 };
  const meshNames = { output_mesh: M.mesh, output_faceflag: M.faceflag, output_contours: M.contours };

  it('when BlazeFace sees random input and a real photo, then ONNX and TF.js outputs agree to float rounding', async () => {
    const session = await ort.InferenceSession.create(join(modelDir, B.file));
    const reference = await loadTfjsReference(await humanModelsDir(), 'blazeface');
    const random = seededRandom(7);
    const noise = Float32Array.from({ length: 256 * 256 * 3 }, () => random() * 2 - 1);
    const box = await letterbox(await photo('sample1.jpg'), 256);
    const real = Float32Array.from(box.pixels, (v) => v / 127.5 - 1);
    for (const [label, input] of [['random', noise], ['sample1', real]] as const) {
      const result = await compare(session, reference, blazefaceNames, input, [1, 256, 256, 3]);
      console.log(`blazeface onnx vs tfjs (${label}):`, result);
      expectClose(result);
    }
    await session.release();
  });

  it('when Face Mesh sees random input and a batch of two real face crops, then ONNX and TF.js outputs agree to float rounding', async () => {
    const session = await ort.InferenceSession.create(join(modelDir, M.file));
    const reference = await loadTfjsReference(await humanModelsDir(), 'facemesh');
    const random = seededRandom(11);
    const noise = Float32Array.from({ length: 192 * 192 * 3 }, () => random());
    const image = await photo('sample1.jpg');
    const faces = (await models.detect(image)).slice(0, 2);
    const crops = faces.map(({ box }) => {
      const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      return sampleCrop(image, { center, side: box.width * 1.5, angle: 0 }, 192);
    });
    const batch = new Float32Array(crops.length * 192 * 192 * 3);
    crops.forEach((c, i) => batch.set(c.map((v) => v / 255), i * c.length));
    for (const [label, input, n] of [['random', noise, 1], ['two face crops', batch, 2]] as const) {
      const result = await compare(session, reference, meshNames, input, [n, 192, 192, 3]);
      console.log(`facemesh onnx vs tfjs (${label}):`, result);
      expectClose(result);
    }
    await session.release();
  });
});

describe('face detection', () => {
  it.each(GROUP_PHOTOS)('when $file is scanned, then each of its $people people is found with a plausible box', async ({ file, people }) => {
    const image = await photo(file);
    const faces = await models.detect(image);
    expect(faces).toHaveLength(people);
    for (const [i, face] of faces.entries()) {
      const { x, y, width, height } = face.box;
      expect(face.confidence).toBeGreaterThan(0.6);
      expect(x).toBeGreaterThan(-0.05 * width);
      expect(y).toBeGreaterThan(-0.05 * height);
      expect(x + width).toBeLessThan(image.width + 0.05 * width);
      expect(y + height).toBeLessThan(image.height + 0.05 * height);
      expect(width / height).toBeGreaterThan(0.8);
      expect(width / height).toBeLessThan(1.25);
      expect(width).toBeGreaterThan(image.width * 0.03);
      expect(width).toBeLessThan(image.width * 0.5);
      if (i > 0) expect(width * height).toBeLessThanOrEqual(faces[i - 1].box.width * faces[i - 1].box.height);
      const { rightEye, leftEye, noseTip, mouth } = face.keypoints;
      for (const p of [rightEye, leftEye, noseTip, mouth]) expect(inside(p, face.box, 0)).toBe(true);
    }
  });

  it('when the image is noise or a smooth gradient, then no face is found', async () => {
    const random = seededRandom(3);
    const size = 640;
    const noise = Uint8Array.from({ length: size * size * 3 }, () => Math.floor(random() * 256));
    const gradient = new Uint8Array(size * size * 3);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) gradient.set([x * 0.4, y * 0.4, 255 - (x + y) * 0.2], (y * size + x) * 3);
    for (const data of [noise, gradient]) {
      expect(await models.detect({ data, width: size, height: size })).toEqual([]);
    }
  });
});

describe('landmarks and regions', () => {
  it('when every face in a group photo gets landmarks, then all 468 lie near its box and the face flag is high', async () => {
    const image = await photo('sample5.jpg');
    for (const face of await models.detect(image)) {
      const lm = await models.landmarks(image, face);
      expect(lm.points).toHaveLength(468);
      expect(lm.confidence).toBeGreaterThan(0.9);
      // The detector box stops at the upper forehead and the cheeks; the mesh reaches a little beyond.
      expect(lm.points.every((p) => inside(p, face.box, 0.25))).toBe(true);
      expect(lm.points.filter((p) => inside(p, face.box, 0)).length / 468).toBeGreaterThan(0.8);
    }
  });

  it('when regions are rasterised over the aligned crop of a frontal face, then every region is non-empty and eyes and lips are cleared', async () => {
    const image = await photo('sample5.jpg');
    const all = await Promise.all((await models.detect(image)).map((f) => models.landmarks(image, f)));
    const lm = all.reduce((best, l) => (Math.abs(l.pose.yaw) < Math.abs(best.pose.yaw) ? l : best));
    const crop = alignedFaceCrop(lm.points);
    const size = 256;
    const { masks } = rasterizeRegions(faceRegions(lm.points), crop, size);
    for (const name of REGION_NAMES) {
      const area = masks[name].reduce((a, b) => a + b, 0);
      expect(area, name).toBeGreaterThan(size * size * 0.001);
    }
    // Between the lids of each eye and between the lips: in no region.
    for (const [upper, lower] of [[159, 145], [386, 374], [13, 14]]) {
      const p = imageToCrop(crop, size, {
        x: (lm.points[upper].x + lm.points[lower].x) / 2,
        y: (lm.points[upper].y + lm.points[lower].y) / 2,
      });
      const at = Math.floor(p.y) * size + Math.floor(p.x);
      for (const name of REGION_NAMES) expect(masks[name][at], `${name} at ${upper}/${lower}`).toBe(0);
    }
  });
});

describe('head pose', () => {
  let image: RgbImage;
  let face: DetectedFace;

  beforeAll(async () => {
    image = await photo('sample4.jpg');
    face = (await models.detect(image))[0];
  });

  it('when the photo is mirrored, then yaw and roll change sign and pitch stays', async () => {
    const original = (await models.landmarks(image, face)).pose;
    const mirrored = await decodeRgb(groupPhotoPath('sample4.jpg'), (s) => s.flop());
    const flipped = (await models.landmarks(mirrored, (await models.detect(mirrored))[0])).pose;
    expect(Math.abs(original.yaw)).toBeGreaterThan(10);
    expect(flipped.yaw).toBeCloseTo(-original.yaw, -1);
    expect(flipped.roll).toBeCloseTo(-original.roll, -1);
    expect(flipped.pitch).toBeCloseTo(original.pitch, -1);
  });

  it('when the photo is turned 20° clockwise, then roll grows by about 20°', async () => {
    const before = (await models.landmarks(image, face)).pose.roll;
    const turned = await decodeRgb(groupPhotoPath('sample4.jpg'), (s) => s.rotate(20, { background: '#000' }));
    const faces = await models.detect(turned);
    const rolls = await Promise.all(faces.map(async (f) => (await models.landmarks(turned, f)).pose.roll - before));
    expect(rolls.some((d) => Math.abs(d - 20) < 4)).toBe(true);
  });
});

function inside(p: { x: number; y: number }, box: { x: number; y: number; width: number; height: number }, grow: number): boolean {
  const gx = box.width * grow;
  const gy = box.height * grow;
  return p.x >= box.x - gx && p.x <= box.x + box.width + gx && p.y >= box.y - gy && p.y <= box.y + box.height + gy;
}
