/**
 * [oily7] scratch probe: per frame of the franck video windows, the head pose, oiliness and what its T-zone share is
 * made of (per part, sheen distribution), and the crop / sheen maps as PNG under /tmp/oily7. `npx tsx eval/_oily7.ts [starts…]`
 */
import { mkdirSync, } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { channel } from '../functions/analysis/skin/model-spec';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';

const starts = process.argv.slice(2).map(Number);
const dir = '/tmp/oily7';
mkdirSync(dir, { recursive: true });
const analyzer = await createInspectingAnalyzer({});
const skin = await createSkinModel({ modelDir: DEFAULT_MODEL_DIR });
const S = 256;
for (const w of VIDEO_WINDOWS.filter((w) => w.file === 'franck.mp4' && (starts.length === 0 || starts.includes(w.start)))) {
  const frames = await windowFrames(w);
  console.log(`\n${w.name}`);
  console.log(' frame   yaw  pitch  roll | oil  raw%  | nose%  fh%  rest% | nosePx fhPx restPx | >8 share  sum/px  p98');
  for (const f of frames) {
    const tag = `${w.start}-${f.name.replace(' s', '')}`;
    const i = await analyzer.inspect(f.bytes, ['oiliness'], { overlays: false });
    if (i.outcome.status !== 'completed') { console.log(` ${f.name} ${i.outcome.error.code}`); continue; }
    const p = i.landmarks!.pose;
    const maps = await skin.maps(atResolutionFloor(i.crop!, i.window!.side));
    const sheen = channel(maps, 'specular', 'sheen', S);
    const m = i.regions!.masks;
    const part = (pred: (k: number) => boolean) => {
      let n = 0, s = 0, over8 = 0, sum = 0;
      for (let k = 0; k < S * S; k++) if (m.t_zone[k] && pred(k)) {
        n++; const v = sheen[k]!; const t = Math.min(1, Math.max(0, (v - 4) / 4)); s += t * t * (3 - 2 * t); if (v >= 8) over8++; sum += v;
      }
      return { n, share: (100 * s) / Math.max(n, 1), over8, sum };
    };
    const nose = part((k) => !!m.nose[k]);
    const fh = part((k) => !!m.forehead[k] && !m.nose[k]);
    const rest = part((k) => !m.forehead[k] && !m.nose[k]);
    const all = part(() => true);
    const vals: number[] = []; for (let k = 0; k < S * S; k++) if (m.t_zone[k]) vals.push(sheen[k]!);
    vals.sort((a, b) => a - b);
    const p98 = vals[Math.floor(vals.length * 0.98)]!;
    const oil = i.outcome.markers.oiliness!;
    console.log(` ${f.name.padStart(5)} ${p.yaw.toFixed(1).padStart(5)} ${p.pitch.toFixed(1).padStart(5)} ${p.roll.toFixed(1).padStart(5)} | ${String(oil.score).padStart(3)} ${all.share.toFixed(2).padStart(5)} | ${nose.share.toFixed(1).padStart(5)} ${fh.share.toFixed(1).padStart(4)} ${rest.share.toFixed(1).padStart(5)} | ${String(nose.n).padStart(5)} ${String(fh.n).padStart(5)} ${String(rest.n).padStart(5)} | ${(100 * all.over8 / all.n).toFixed(2).padStart(5)} ${(all.sum / all.n).toFixed(2)} ${p98.toFixed(1)}`);
    // images: crop with t-zone outline, sheen ×20
    const rgb = Buffer.from(i.crop!.data);
    const sh = Buffer.alloc(S * S * 3);
    for (let k = 0; k < S * S; k++) {
      const v = Math.min(255, sheen[k]! * 25);
      sh[3 * k] = v; sh[3 * k + 1] = m.t_zone[k] ? Math.max(v, 60) : v; sh[3 * k + 2] = v;
    }
    const a = await sharp(rgb, { raw: { width: S, height: S, channels: 3 } }).png().toBuffer();
    const b = await sharp(sh, { raw: { width: S, height: S, channels: 3 } }).png().toBuffer();
    await sharp({ create: { width: 2 * S, height: S, channels: 3, background: '#000' } }).composite([{ input: a, left: 0, top: 0 }, { input: b, left: S, top: 0 }]).png().toFile(`${dir}/${tag}.png`);
  }
}
await analyzer.close();
await skin.close();
