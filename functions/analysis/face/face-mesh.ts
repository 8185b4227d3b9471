import type { InferenceSession } from 'onnxruntime-node';
import type { Box, RgbImage } from '../types';
import { sampleCrop } from './crop-sampler';
import type { DetectedFace, FaceLandmarks, Point3, SquareCrop } from './face-types';
import { MESH } from './mesh-indices';
import { FACE_MODEL_IO } from './model-io';
import { runSingle } from './onnx-session';
import { headPose } from './pose';
import { cropToImage, lineAngle, squareAround } from './square-crop';

export interface MeshOptions {
  /** Run the mesh a second time on the window its own landmarks give (MediaPipe's tracking ROI). Default true. */
  refine?: boolean;
}

const IO = FACE_MODEL_IO.facemesh;
export const MESH_INPUT = 192;
/** MediaPipe grows the face rect by 1.5 (long side, squared) before the mesh model. */
const ROI_SCALE = 1.5;

export function createFaceMesh(session: InferenceSession, options: MeshOptions = {}) {
  const refine = options.refine ?? true;

  async function run(image: RgbImage, crop: SquareCrop): Promise<{ points: Point3[]; confidence: number }> {
    const pixels = sampleCrop(image, crop, MESH_INPUT);
    for (let i = 0; i < pixels.length; i++) pixels[i] /= 255; // the model's [0, 1]
    const out = await runSingle(session, IO.input, pixels, [1, MESH_INPUT, MESH_INPUT, 3]);
    const raw = out[IO.mesh];
    const zScale = crop.side / MESH_INPUT;
    const points: Point3[] = [];
    for (let i = 0; i < MESH.count; i++) {
      const p = cropToImage(crop, MESH_INPUT, { x: raw[3 * i], y: raw[3 * i + 1] });
      points.push({ x: p.x, y: p.y, z: raw[3 * i + 2] * zScale });
    }
    return { points, confidence: out[IO.faceflag][0] };
  }

  return async function landmarks(image: RgbImage, face: DetectedFace): Promise<FaceLandmarks> {
    const { box, keypoints } = face;
    let crop: SquareCrop = {
      center: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      side: Math.max(box.width, box.height) * ROI_SCALE,
      angle: lineAngle(keypoints.rightEye, keypoints.leftEye), // eyes level in the crop
    };
    let result = await run(image, crop);
    if (refine) {
      const p = result.points;
      crop = squareAround(p, lineAngle(p[MESH.rightEyeOuter], p[MESH.leftEyeOuter]), ROI_SCALE);
      result = await run(image, crop);
    }
    return { ...result, box: bounds(result.points), pose: headPose(result.points), crop };
  };
}

function bounds(points: Point3[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
