import { fileURLToPath } from 'node:url';
import type { FaceInfo, QualityCheck } from '../scans/scan';
import type { AnalysisOutcome, ScanAnalyzer } from './analyzer';
import { decodeRgb } from './decode-image';
import { alignedFaceCrop, createFaceModels, extractSquareCrop, faceRegions, rasterizeRegions } from './face';
import { selectFace } from './face-selection';
import { drawOverlay } from './overlay';
import { skinExposure, sharpness } from './quality-measures';
import { QUALITY_THRESHOLDS as Q } from './quality-thresholds';
import { getManifest } from './skin/manifest';
import type { MarkerName, MarkerResult } from './skin/markers';
import { createSkinModel } from './skin/model';
import { SKIN_INPUT_SIZE } from './skin/model-spec';
import { InsufficientSkinError, scoreMarkers, skinScore } from './skin/scoring';

/** Where `npm run build:models` writes the ONNX files; Lambda sets MODEL_DIR to its bundled copy. */
export const DEFAULT_MODEL_DIR = fileURLToPath(new URL('../../models/generated', import.meta.url));

/**
 * The face-aware analysis (DESIGN.md section 5): decode → find and confirm the face → 468 landmarks → quality
 * checks → aligned 256-px crop and region masks → the skin model → calibrated marker scores and overlays.
 * Models load once; `analyze` is deterministic for the same bytes.
 */
export async function createAnalyzer(options: { modelDir?: string }): Promise<ScanAnalyzer> {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  const manifest = getManifest();
  const [faces, skin] = await Promise.all([
    createFaceModels({ modelDir, detector: { minScore: Q.detectorScore } }),
    createSkinModel({ modelDir }),
  ]);
  const model = { name: manifest.models.skin.name, version: skin.version };

  return {
    model,
    async analyze(bytes: Uint8Array, markers: readonly MarkerName[]): Promise<AnalysisOutcome> {
      const image = await decodeRgb(bytes);
      const quality: Record<string, QualityCheck> = {};
      const selection = await selectFace(faces, image);
      quality.face_count = check(selection.faces, 1, selection.faces >= 1);
      if (selection.faces >= 2) quality.face_dominance = check(selection.dominance, Q.dominance, selection.dominance >= Q.dominance);
      if (!selection.found) return rejected(selection.code, selection.message, null, quality);

      const { face, landmarks } = selection;
      const faceInfo: FaceInfo = {
        box: {
          x: Math.round(face.box.x),
          y: Math.round(face.box.y),
          width: Math.round(face.box.width),
          height: Math.round(face.box.height),
        },
        confidence: round(face.confidence),
        landmarks: landmarks.points.length,
      };
      const faceSide = Math.min(face.box.width, face.box.height);
      quality.face_size = check(faceSide, Q.minFacePixels, faceSide >= Q.minFacePixels);
      quality.yaw = check(Math.abs(landmarks.pose.yaw), Q.maxYawDegrees, Math.abs(landmarks.pose.yaw) <= Q.maxYawDegrees);
      quality.pitch = check(Math.abs(landmarks.pose.pitch), Q.maxPitchDegrees, Math.abs(landmarks.pose.pitch) <= Q.maxPitchDegrees);
      if (!quality.face_size.passed) {
        return rejected('face_too_small', `The face is ${Math.round(faceSide)} px across; at least ${Q.minFacePixels} px is needed. Move closer or use a larger photo.`, faceInfo, quality);
      }
      if (!quality.yaw.passed || !quality.pitch.passed) {
        return rejected('face_not_frontal', 'The face is turned away from the camera; look straight into it.', faceInfo, quality);
      }

      const cropWindow = alignedFaceCrop(landmarks.points);
      const crop = extractSquareCrop(image, cropWindow, SKIN_INPUT_SIZE);
      const regions = rasterizeRegions(faceRegions(landmarks.points), cropWindow, SKIN_INPUT_SIZE);
      const exposure = skinExposure(crop, regions);
      const focus = sharpness(crop);
      quality.darkness = check(exposure.lightness, Q.minSkinLightness, exposure.lightness >= Q.minSkinLightness);
      quality.brightness = check(exposure.lightness, Q.maxSkinLightness, exposure.lightness <= Q.maxSkinLightness);
      quality.clipping = check(exposure.clipped, Q.maxClippedFraction, exposure.clipped <= Q.maxClippedFraction);
      quality.sharpness = check(focus, Q.minSharpness, focus >= Q.minSharpness);
      if (!quality.darkness.passed) return rejected('too_dark', 'The face is too dark to judge; use more light.', faceInfo, quality);
      if (!quality.brightness.passed || !quality.clipping.passed) {
        return rejected('too_bright', 'The face is overexposed; avoid direct flash or strong light.', faceInfo, quality);
      }
      if (!quality.sharpness.passed) return rejected('blurry', 'The face is out of focus; hold the camera still.', faceInfo, quality);

      const features = await skin.measure(crop, regions);
      let results: Record<MarkerName, MarkerResult>;
      try {
        results = scoreMarkers(features, markers, manifest);
      } catch (error) {
        if (error instanceof InsufficientSkinError) return rejected('face_not_frontal', `${error.message}; show the whole face, unobstructed.`, faceInfo, quality);
        throw error;
      }
      const overlays: Partial<Record<MarkerName, Uint8Array>> = {};
      for (const marker of markers) {
        const spots = marker === 'acne' || marker === 'pigmentation' ? features.spots[marker] : [];
        overlays[marker] = await drawOverlay(crop, regions, marker, results[marker], spots);
      }
      return { status: 'completed', skinScore: skinScore(results, manifest), markers: results, face: faceInfo, quality, overlays };
    },
  };
}

function check(value: number, threshold: number, passed: boolean): QualityCheck {
  return { value: round(value), threshold, passed };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function rejected(code: string, message: string, face: FaceInfo | null, quality: Record<string, QualityCheck>): AnalysisOutcome {
  return { status: 'failed', error: { code, message }, face, quality };
}
