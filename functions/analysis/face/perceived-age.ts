import { join } from 'node:path';
import type { RgbImage } from '../types';
import { sampleCrop } from './crop-sampler';
import { createSession, runSingle } from './onnx-session';
import { PERCEIVED_AGE_IO as IO } from './perceived-age-io';

/** How old a face looks, in years, with the model's published mean absolute error. */
export interface PerceivedAge {
  years: number;
  expected_error_years: number;
}

/**
 * The publisher's mean absolute error, in years: 6.00 on UTKFace's aligned and cropped faces (HSE_FaceRec_tf,
 * age_gender_identity/README.md) for its best MobileNet age/gender model, with its own top-two read-out. The
 * shipped faceres is the smaller sibling of that model (the README calls the best one "slightly" more accurate) and
 * is read here as an expected value, so 6 is the publisher's figure, not one measured here, and not a guarantee.
 */
export const PERCEIVED_AGE_ERROR_YEARS = 6;

/** Caffe/VGG channel means in B, G, R order, subtracted by the publisher's facial_analysis.py before the model. */
const BGR_MEANS = [103.939, 116.779, 123.68] as const;

export interface AgeEstimator {
  /** `face`: the eye-levelled face crop the skin measurements use (face oval plus a margin, any square size). */
  estimate(face: RgbImage): Promise<PerceivedAge>;
  close(): Promise<void>;
}

export async function createAgeEstimator(opts: { modelDir: string }): Promise<AgeEstimator> {
  const session = await createSession(join(opts.modelDir, IO.file));
  return {
    async estimate(face) {
      const out = await runSingle(session, IO.input, toModelInput(face), [1, IO.size, IO.size, 3]);
      return { years: Math.round(ageFromProbabilities(out[IO.ages])), expected_error_years: PERCEIVED_AGE_ERROR_YEARS };
    },
    close: () => session.release(),
  };
}

/** The face crop resampled to 224 px, RGB → BGR, minus the channel means (what the model was trained on). */
export function toModelInput(face: RgbImage): Float32Array {
  const rgb = sampleCrop(face, { center: { x: face.width / 2, y: face.height / 2 }, side: face.width, angle: 0 }, IO.size);
  const bgr = new Float32Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    bgr[i] = rgb[i + 2] - BGR_MEANS[0];
    bgr[i + 1] = rgb[i + 1] - BGR_MEANS[1];
    bgr[i + 2] = rgb[i] - BGR_MEANS[2];
  }
  return bgr;
}

/**
 * The expected age under the model's distribution (class i stands for age i + 1), DEX's read-out. The publisher's
 * own read-out (the two most likely ages, weighted) jumped by up to 9 years between a photo and its q70 re-encode
 * when the top two classes swapped; the expected value moved by at most 0.9 (docs/analysis.md, "Perceived age").
 */
export function ageFromProbabilities(p: ArrayLike<number>): number {
  let sum = 0;
  let weighted = 0;
  for (let i = 0; i < p.length; i++) {
    sum += p[i];
    weighted += (i + 1) * p[i];
  }
  return weighted / sum;
}
