import type { InferenceSession } from 'onnxruntime-node';
import type { Point, RgbImage } from '../types';
import { BLAZEFACE_INPUT, blazefaceAnchors } from './blazeface-anchors';
import type { DetectedFace, FaceKeypoints } from './face-types';
import { letterbox, type Letterbox } from './letterbox';
import { FACE_MODEL_IO } from './model-io';
import { runSingle } from './onnx-session';
import { weightedNms, type Candidate } from './weighted-nms';

export interface DetectorOptions {
  /** Minimum detector score (MediaPipe uses 0.5–0.65 across its BlazeFace variants). */
  minScore?: number;
  /** Overlap above which candidates merge into one face (MediaPipe: 0.3). */
  iouThreshold?: number;
}

const IO = FACE_MODEL_IO.blazeface;
const ANCHORS = blazefaceAnchors();
const KEYPOINT_ORDER: (keyof FaceKeypoints)[] = ['rightEye', 'leftEye', 'noseTip', 'mouth', 'rightEar', 'leftEar'];

/** BlazeFace on the whole image, letterboxed to 256×256; faces come back in image pixels, largest first. */
export function createFaceDetector(session: InferenceSession, options: DetectorOptions = {}) {
  const minScore = options.minScore ?? 0.6;
  const iouThreshold = options.iouThreshold ?? 0.3;
  async function detectIn(box: Letterbox): Promise<DetectedFace[]> {
    const input = new Float32Array(box.pixels.length);
    for (let i = 0; i < input.length; i++) input[i] = box.pixels[i] / 127.5 - 1; // the model's [-1, 1]
    const out = await runSingle(session, IO.input, input, [1, BLAZEFACE_INPUT, BLAZEFACE_INPUT, 3]);
    const candidates = [
      ...decode(out[IO.scores16], out[IO.boxes16], 0, minScore),
      ...decode(out[IO.scores32], out[IO.boxes32], 512, minScore),
    ];
    return weightedNms(candidates, iouThreshold)
      .map((c) => toImageFace(c, box.toImage))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  }
  return {
    detect: async (image: RgbImage) => detectIn(await letterbox(image, BLAZEFACE_INPUT)),
    /** The same on a letterbox already made (e.g. by letterboxEncoded straight from the JPEG). */
    detectIn,
  };
}

function decode(scores: Float32Array, boxes: Float32Array, anchorOffset: number, minScore: number): Candidate[] {
  const found: Candidate[] = [];
  for (let i = 0; i < scores.length; i++) {
    const score = 1 / (1 + Math.exp(-Math.max(-100, Math.min(100, scores[i])))); // MediaPipe clips logits at ±100
    if (score < minScore) continue;
    const anchor = ANCHORS[anchorOffset + i];
    const r = boxes.subarray(i * 16, i * 16 + 16);
    const cx = r[0] + anchor.x;
    const cy = r[1] + anchor.y;
    const extra: number[] = [];
    for (let k = 0; k < 6; k++) extra.push(r[4 + 2 * k] + anchor.x, r[5 + 2 * k] + anchor.y);
    found.push({ score, x0: cx - r[2] / 2, y0: cy - r[3] / 2, x1: cx + r[2] / 2, y1: cy + r[3] / 2, extra });
  }
  return found;
}

function toImageFace(c: Candidate, toImage: (p: Point) => Point): DetectedFace {
  const a = toImage({ x: c.x0, y: c.y0 });
  const b = toImage({ x: c.x1, y: c.y1 });
  const keypoints = Object.fromEntries(
    KEYPOINT_ORDER.map((name, k) => [name, toImage({ x: c.extra[2 * k], y: c.extra[2 * k + 1] })]),
  ) as unknown as FaceKeypoints;
  return { box: { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }, confidence: c.score, keypoints };
}
