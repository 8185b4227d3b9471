import { join } from 'node:path';
import { createFaceDetector, type DetectorOptions } from './face-detector';
import { createFaceMesh, type MeshOptions } from './face-mesh';
import type { FaceModels } from './face-types';
import { FACE_MODEL_IO } from './model-io';
import { createSession } from './onnx-session';

export type { DetectedFace, FaceLandmarks, FaceModels, SquareCrop } from './face-types';
export { sampleCrop } from './crop-sampler';
export { BLAZEFACE_INPUT } from './blazeface-anchors';
export { letterboxEncoded } from './letterbox';
export { alignedFaceCrop, faceRegions, rasterizeRegions } from './regions';

export interface FaceModelOptions {
  /** Folder holding blazeface.onnx and facemesh.onnx (the build writes them to models/generated). */
  modelDir: string;
  detector?: DetectorOptions;
  mesh?: MeshOptions;
}

/** Loads both models once; the returned object is meant to live as long as the process (Lambda container). */
export async function createFaceModels(opts: FaceModelOptions): Promise<FaceModels> {
  const [detectorSession, meshSession] = await Promise.all([
    createSession(join(opts.modelDir, FACE_MODEL_IO.blazeface.file)),
    createSession(join(opts.modelDir, FACE_MODEL_IO.facemesh.file)),
  ]);
  const detector = createFaceDetector(detectorSession, opts.detector);
  return {
    detect: detector.detect,
    detectIn: detector.detectIn,
    landmarks: createFaceMesh(meshSession, opts.mesh),
    close: async () => {
      await Promise.all([detectorSession.release(), meshSession.release()]);
    },
  };
}
