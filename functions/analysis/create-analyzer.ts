import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FaceInfo, QualityCheck } from './contract';
import type { AnalysisOutcome, CompletedAnalysis, ScanAnalyzer } from './analyzer';
import { readImage } from './decode-image';
import { alignedFaceCrop, createFaceModels, faceRegions, rasterizeRegions, type FaceLandmarks, type SquareCrop } from './face';
import { FaceFinder } from './face-view';
import { selectFace } from './face-selection';
import { overlaySourceOf } from './overlay-evidence';
import { skinRegions } from './skin-mask';
import { crowsFeetShare, expressionOf, foldedRegions, laughs } from './face/expression';
import { cheekCompression } from './face/cheek-foreshortening';
import { createAgeEstimator } from './face/perceived-age';
import { faceColour, skinExposure, sharpness } from './quality-measures';
import { notSkinSigns } from './not-skin';
import { imageToCrop } from './face/square-crop';
import { cropInPhoto, keepInPhoto, photoCoverage, shareInPhoto } from './face/in-photo';
import { MESH } from './face/mesh-indices';
import { QUALITY_THRESHOLDS as Q } from './quality-thresholds';
import { reduceFeatures, type SkinFeatures } from './skin/features';
import { lesionsOf } from './skin/lesions';
import { regionResults } from './skin/region-results';
import { skinToneOf } from './skin/skin-tone';
import { skinTypeOf } from './skin/skin-type';
import { getManifest } from './skin/manifest';
import { atResolutionFloor, effectiveFacePixels, RESOLUTION_FLOOR } from './skin/resolution-floor';
import type { MarkerName, MarkerResult } from './skin/markers';
import { createSkinModel } from './skin/model';
import { SKIN_INPUT_SIZE } from './skin/model-spec';
import { InsufficientSkinError, scoreMarkers, skinScore } from './skin/scoring';
import type { RegionMasks, RegionName, RgbImage } from './types';

/** Where `npm run build:models` writes the ONNX files; Lambda sets MODEL_DIR to its bundled copy. */
export const DEFAULT_MODEL_DIR = fileURLToPath(new URL('../../models/generated', import.meta.url));

/** Wall time of each stage of one analysis, in milliseconds (for benchmarks). */
export interface StageTimings {
  /** Reading the header, decoding a small letterbox of the photo and running the face detector. */
  detect: number;
  /** Decoding a shrunk view around each candidate face and running Face Mesh on it (twice per face). */
  landmarks: number;
  /** Sampling the aligned 256-px crop, rasterising the region masks and the photo-quality measures. */
  crop: number;
  /** The skin model and its reduction to per-marker values, and scoring. */
  skin: number;
  /** Packing what the overlays are drawn from (they are drawn on request, functions/overlays). */
  overlays: number;
  total: number;
}

/** Everything an analysis found, for tests, calibration and benchmarks; `outcome` is what a scan stores. */
export interface AnalysisInspection {
  outcome: AnalysisOutcome;
  /** Photo size in pixels. */
  width: number;
  height: number;
  landmarks?: FaceLandmarks;
  /** The aligned skin window in photo pixels, and the crop and masks made from it. */
  window?: SquareCrop;
  crop?: RgbImage;
  regions?: RegionMasks;
  features?: SkinFeatures;
  /** Wall time per stage. */
  timings: StageTimings;
  /** CPU time per stage (all threads of the process: onnxruntime's and libvips' included), for benchmarks on busy machines. */
  cpu: StageTimings;
}

export interface InspectingAnalyzer extends ScanAnalyzer {
  /** `analyze` with its intermediate results; `overlays: false` skips the overlay source. */
  inspect(image: Uint8Array, markers: readonly MarkerName[], options?: { overlays?: boolean }): Promise<AnalysisInspection>;
  close(): Promise<void>;
}

/**
 * The face-aware analysis (DESIGN.md section 5, docs/analysis.md): find and confirm the face → 468 landmarks →
 * quality checks → aligned 256-px crop and region masks → the skin model → calibrated marker scores and overlays.
 * The photo is never decoded whole at full size: the detector gets a 256-px letterbox decoded with JPEG
 * shrink-on-load, landmarks and the crop a shrunk view around the face. Models load once; `analyze` is
 * deterministic for the same bytes.
 */
export async function createAnalyzer(options: { modelDir?: string }): Promise<ScanAnalyzer> {
  return createInspectingAnalyzer(options);
}

export async function createInspectingAnalyzer(options: { modelDir?: string }): Promise<InspectingAnalyzer> {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  const manifest = getManifest();
  const [faces, skin, age] = await Promise.all([
    createFaceModels({ modelDir, detector: { minScore: Q.detectorScore } }),
    createSkinModel({ modelDir }),
    createAgeEstimator({ modelDir }),
  ]);
  const model = { name: manifest.models.skin.name, version: skin.version };

  async function inspect(bytes: Uint8Array, markers: readonly MarkerName[], opts: { overlays?: boolean } = {}): Promise<AnalysisInspection> {
    const start = performance.now();
    const startCpu = cpuMs();
    let lap = start;
    let lapCpu = startCpu;
    const timings: StageTimings = { detect: 0, landmarks: 0, crop: 0, skin: 0, overlays: 0, total: 0 };
    const cpu: StageTimings = { ...timings };
    const stage = (name: keyof StageTimings) => {
      const now = performance.now();
      const nowCpu = cpuMs();
      timings[name] += now - lap;
      cpu[name] += nowCpu - lapCpu;
      lap = now;
      lapCpu = nowCpu;
    };
    const source = await readImage(bytes);
    const finder = new FaceFinder(faces, source);
    const inspection: AnalysisInspection = { outcome: undefined as unknown as AnalysisOutcome, width: source.width, height: source.height, timings, cpu };
    const done = (outcome: AnalysisOutcome) => {
      timings.total = performance.now() - start;
      cpu.total = cpuMs() - startCpu;
      inspection.outcome = outcome;
      return inspection;
    };

    const quality: Record<string, QualityCheck> = {};
    const selection = await selectFace({
      detect: async () => {
        const found = await finder.detect();
        stage('detect');
        return found;
      },
      landmarks: async (face) => {
        const found = await finder.landmarks(face);
        stage('landmarks');
        return found;
      },
    });
    quality.face_count = check(selection.faces, 1, selection.faces >= 1);
    if (selection.faces >= 2) quality.face_dominance = check(selection.dominance, Q.dominance, selection.dominance >= Q.dominance);
    if (!selection.found) return done(rejected(selection.code, selection.message, null, quality));

    const { face, landmarks } = selection;
    inspection.landmarks = landmarks;
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
      return done(
        rejected('face_too_small', `The face is ${Math.round(faceSide)} px across; at least ${Q.minFacePixels} px is needed. Move closer or use a larger photo.`, faceInfo, quality),
      );
    }
    if (!quality.yaw.passed || !quality.pitch.passed) {
      return done(rejected('face_not_frontal', 'The face is turned away from the camera; look straight into it.', faceInfo, quality));
    }
    // Closed eyes fill the under-eye regions with lids and lashes, a broad smile folds the skin round the eyes into
    // lines: both would move dark circles and wrinkles by tens of points between photos of the same skin.
    const expression = expressionOf(landmarks.points);
    quality.eye_openness = check(expression.eyeOpenness, Q.minEyeOpenness, expression.eyeOpenness >= Q.minEyeOpenness);
    quality.mouth_width = check(expression.mouthWidth, Q.maxMouthWidth, expression.mouthWidth <= Q.maxMouthWidth);
    // The lip gap refuses only a wide mouth (a laugh); at rest width an open mouth is talking.
    quality.lip_gap = check(expression.lipGap, Q.maxLaughLipGap, !laughs(expression));
    if (!quality.eye_openness.passed) return done(rejected('eyes_closed', 'The eyes are closed; keep them open and look into the camera.', faceInfo, quality));
    if (!quality.mouth_width.passed) {
      return done(rejected('expression_not_neutral', 'The face is smiling broadly; a relaxed, neutral face is needed to judge lines around the eyes.', faceInfo, quality));
    }
    if (!quality.lip_gap.passed) {
      return done(rejected('expression_not_neutral', 'The face is laughing; a relaxed, neutral face with the mouth closed is needed to judge the skin round the eyes.', faceInfo, quality));
    }

    const cropWindow = alignedFaceCrop(landmarks.points);
    const crop = await finder.crop(face, cropWindow, SKIN_INPUT_SIZE);
    const allRegions = rasterizeRegions(faceRegions(landmarks.points), cropWindow, SKIN_INPUT_SIZE);
    // A face cut by the photo's edge: past it the crop repeats the edge pixels, skin with no pores, lines or spots
    // in it, so only the part inside the photo is measured, and a face mostly outside it is refused.
    const inPhoto = cropInPhoto(cropWindow, SKIN_INPUT_SIZE, source.width, source.height) ? undefined : photoCoverage(cropWindow, SKIN_INPUT_SIZE, source.width, source.height);
    const shareInside = inPhoto ? shareInPhoto(allRegions, inPhoto) : 1;
    quality.face_in_photo = check(shareInside, Q.minFaceInPhoto, shareInside >= Q.minFaceInPhoto);
    if (!quality.face_in_photo.passed) {
      return done(
        rejected(
          'face_cut_off',
          `Only ${Math.round(shareInside * 100)} % of the face is inside the photo; at least ${Q.minFaceInPhoto * 100} % is needed. Frame the whole face, forehead to chin.`,
          faceInfo,
          quality,
        ),
      );
    }
    const regions = inPhoto ? keepInPhoto(allRegions, inPhoto) : allRegions;
    Object.assign(inspection, { window: cropWindow, crop, regions });
    const exposure = skinExposure(crop, regions);
    const focus = sharpness(crop);
    quality.darkness = check(exposure.lightness, Q.minSkinLightness, exposure.lightness >= Q.minSkinLightness);
    quality.brightness = check(exposure.lightness, Q.maxSkinLightness, exposure.lightness <= Q.maxSkinLightness);
    quality.clipping = check(exposure.clipped, Q.maxClippedFraction, exposure.clipped <= Q.maxClippedFraction);
    quality.sharpness = check(focus, Q.minSharpness, focus >= Q.minSharpness);
    stage('crop');
    if (!quality.darkness.passed) return done(rejected('too_dark', 'The face is too dark to judge; use more light.', faceInfo, quality));
    if (!quality.brightness.passed || !quality.clipping.passed) {
      return done(rejected('too_bright', 'The face is overexposed; avoid direct flash or strong light.', faceInfo, quality));
    }
    if (!quality.sharpness.passed) return done(rejected('blurry', 'The face is out of focus; hold the camera still.', faceInfo, quality));
    // Redness, acne, pigmentation and the skin masks are colour measures: a black-and-white photo cannot be judged,
    // and a face whose colour no human skin has (a mask, a skull, a statue, a painting) is not skin.
    const colour = faceColour(crop, regions);
    quality.colour = check(colour.photoChroma, Q.minPhotoChroma, colour.photoChroma >= Q.minPhotoChroma);
    if (!quality.colour.passed) return done(rejected('grayscale_photo', 'The photo is black and white; skin can only be measured in a colour photo.', faceInfo, quality));
    const hueDistance = Math.abs((((colour.hue - Q.skinHueCentre) % 360) + 540) % 360 - 180);
    quality.skin_chroma = check(colour.chroma, Q.minSkinChroma, colour.chroma >= Q.minSkinChroma);
    quality.skin_hue = check(hueDistance, Q.maxSkinHueDistance, hueDistance <= Q.maxSkinHueDistance);
    if (!quality.skin_chroma.passed || !quality.skin_hue.passed) {
      return done(rejected('not_human_skin', 'The face does not have the colour of human skin (a mask, a drawing or a painting?); photograph a bare face.', faceInfo, quality));
    }
    // A mask, skull or painting coloured like skin: no blood's red in its colour, a varnish's yellow, or dark eye
    // holes with no white of the eye in them (not-skin.ts; docs/analysis.md "Masks, drawings and paintings").
    const eyes = [MESH.rightEye, MESH.leftEye].map((loop) => loop.map((i) => imageToCrop(cropWindow, SKIN_INPUT_SIZE, landmarks.points[i]!)));
    const signs = notSkinSigns({ crop, eyes, skin: { lightness: exposure.lightness, a: colour.a, b: colour.b } });
    quality.skin_hue_angle = check(signs.hueAngle, Q.maxSkinHueAngle, signs.hueAngle <= Q.maxSkinHueAngle);
    quality.skin_yellowness = check(signs.yellowness, Q.maxSkinYellowness, signs.yellowness <= Q.maxSkinYellowness);
    quality.eye_whites = check(signs.eyeWhites, Q.minEyeWhites, signs.eyeWhites >= Q.minEyeWhites);
    if (!quality.skin_hue_angle.passed) {
      return done(rejected('not_human_skin', 'The face lacks the red of blood under human skin (a mask, a statue or a painting?); photograph a bare face.', faceInfo, quality));
    }
    if (!quality.skin_yellowness.passed) {
      return done(rejected('not_human_skin', 'The face is yellower than human skin (a varnished painting?); photograph a bare face in neutral light.', faceInfo, quality));
    }
    if (!quality.eye_whites.passed) {
      return done(
        rejected('not_human_skin', 'No white of the eye shows in the eye openings (a mask, a skull, a helmet or sunglasses?); photograph a bare face with open eyes, lit from the front.', faceInfo, quality),
      );
    }

    // Every face is measured at the effective resolution of a face at the floor (skin/resolution-floor.ts); a smaller
    // face is measured as it is and flagged: its fine markers (wrinkles, pores, texture, hydration) read smoother.
    const effectiveFace = effectiveFacePixels(cropWindow.side);
    quality.resolution = check(effectiveFace, RESOLUTION_FLOOR.facePixels, effectiveFace >= RESOLUTION_FLOOR.facePixels);

    // The skin model measures inside the regions' skin only (hair, lashes and eyeliner left out, skin-mask.ts).
    // A wide smile's crow's-feet lines are the smile's (face/expression.ts): those regions are left out.
    const skinOnly = withoutRegions(skinRegions(crop, regions), foldedRegions(expression));
    inspection.regions = skinOnly;
    // skin.measure is maps + reduceFeatures; the maps are kept here for the overlays' evidence.
    // Perceived age runs beside the skin model (its own session and thread) on the crop as sampled (not the
    // floor-blurred one the skin model gets), and is reported on completed scans only: every check above has
    // passed, so it is not an age for a mask or a blurred face.
    const [maps, perceivedAge] = await Promise.all([skin.maps(atResolutionFloor(crop, cropWindow.side)), age.estimate(crop)]);
    // A smile's crow's feet count less as it widens, up to the width where they are left out (face/expression.ts).
    // A cheek turned away is seen compressed and its relief reads rougher (face/cheek-foreshortening.ts).
    const features = reduceFeatures(maps, skinOnly, { crowsFeetWeight: crowsFeetShare(expression), compression: cheekCompression(landmarks.points) });
    inspection.features = features;
    let results: Record<MarkerName, MarkerResult>;
    try {
      results = scoreMarkers(features, markers, manifest);
    } catch (error) {
      if (error instanceof InsufficientSkinError) {
        return done(rejected('face_not_frontal', `${error.message}; show the whole face, unobstructed.`, faceInfo, quality));
      }
      throw error;
    }
    faceInfo.perceived_age = perceivedAge;
    // Descriptions beside the scores (docs/markers.md): tone and type on every scan, regions and lesions for the
    // requested markers. None of them changes a marker's score.
    const described = {
      skinTone: skinToneOf(features.baseline),
      skinType: skinTypeOf(features, maps, skinOnly, manifest),
      regionResults: regionResults(maps, skinOnly, markers, manifest),
    };
    const { lesions, counts } = lesionsOf({ features, maps, regions: skinOnly, window: cropWindow, markers });
    stage('skin');
    const completed: CompletedAnalysis = {
      status: 'completed',
      skinScore: skinScore(results, manifest),
      markers: results,
      face: faceInfo,
      quality,
      spots: lesions,
      lesionCounts: counts,
      ...described,
    };
    if (opts.overlays !== false) {
      completed.overlaySource = overlaySourceOf({
        photo: { width: source.width, height: source.height },
        window: cropWindow,
        crop,
        regions: skinOnly,
        maps,
        features,
        results,
        markers,
      });
      stage('overlays');
    }
    return done(completed);
  }

  return {
    model,
    inspect,
    async analyze(bytes: Uint8Array, markers: readonly MarkerName[]): Promise<AnalysisOutcome> {
      return (await inspect(bytes, markers)).outcome;
    },
    async close() {
      await Promise.all([faces.close(), skin.close(), age.close()]);
    },
  };
}

/** User + system CPU time of the process so far, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function withoutRegions(regions: RegionMasks, names: readonly RegionName[]): RegionMasks {
  if (names.length === 0) return regions;
  const masks = { ...regions.masks };
  for (const name of names) masks[name] = new Uint8Array(regions.size * regions.size);
  return { size: regions.size, masks };
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
