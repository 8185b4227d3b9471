import type { Point3 } from './face-types';

/**
 * Eye state and expression from the 468 Face Mesh points. Both change what the regions hold: closed lids and
 * lashes fill the under-eye regions (dark circles read 40+ points worse in frames with closed eyes), and a broad
 * smile folds the skin at the eye corners and under the eyes into lines (wrinkles read 35 points worse in a
 * smiling frame of the same person), so a scan asks for open eyes and a neutral face (docs/analysis.md).
 */
export interface Expression {
  /** Lid gap over eye width (mid upper lid 159/386 to mid lower lid 145/374, corners 33–133 / 263–362), the
   * smaller of the two eyes: ≈ 0.25–0.45 open, ≈ 0.2 squinting, below 0.1 closed. */
  eyeOpenness: number;
  /** Mouth width (corners 61–291) over the outer eye-corner distance (33–263): ≈ 0.5–0.65 at rest, 0.8 and more
   * in a broad smile. A ratio of two distances on the same face: independent of photo size and face size. */
  mouthWidth: number;
}

const dist = (p: Point3, q: Point3) => Math.hypot(p.x - q.x, p.y - q.y);

export function expressionOf(points: Point3[]): Expression {
  const p = (i: number) => points[i]!;
  const right = dist(p(159), p(145)) / dist(p(33), p(133));
  const left = dist(p(386), p(374)) / dist(p(263), p(362));
  return { eyeOpenness: Math.min(right, left), mouthWidth: dist(p(61), p(291)) / dist(p(33), p(263)) };
}
