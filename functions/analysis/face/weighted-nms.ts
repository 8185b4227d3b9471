/** A candidate detection: corners plus any extra coordinates (keypoints) that are averaged along. */
export interface Candidate {
  score: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  extra: number[];
}

/**
 * MediaPipe's "weighted" non-maximum suppression: each cluster of candidates overlapping the best one by
 * more than `iouThreshold` becomes one detection whose coordinates are the score-weighted mean of the
 * cluster (steadier boxes than plain NMS) and whose score is the best one's.
 */
export function weightedNms(candidates: Candidate[], iouThreshold: number): Candidate[] {
  let remaining = [...candidates].sort((a, b) => b.score - a.score);
  const kept: Candidate[] = [];
  while (remaining.length) {
    const best = remaining[0];
    const cluster = remaining.filter((c) => iou(best, c) > iouThreshold || c === best);
    remaining = remaining.filter((c) => !cluster.includes(c));
    const total = cluster.reduce((sum, c) => sum + c.score, 0);
    const mean = (pick: (c: Candidate) => number) => cluster.reduce((sum, c) => sum + pick(c) * c.score, 0) / total;
    kept.push({
      score: best.score,
      x0: mean((c) => c.x0),
      y0: mean((c) => c.y0),
      x1: mean((c) => c.x1),
      y1: mean((c) => c.y1),
      extra: best.extra.map((_, i) => mean((c) => c.extra[i])),
    });
  }
  return kept;
}

export function iou(a: Candidate, b: Candidate): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / ((a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - inter);
}
