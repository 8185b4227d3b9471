// Throwaway probe [frames13]: radiance's light slope per frame against the pose.
import { readdirSync, readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { totalWeight } from '../functions/analysis/skin/weighted-stats';
import { radianceOver } from './_frames13-r';
const rows: number[][] = [];
for (const f of readdirSync('/tmp/f13').filter((f) => /^(win|still).*\.bin$/.test(f))) {
  const s: any = deserialize(readFileSync(`/tmp/f13/${f}`)); if (s.status !== 'completed') continue;
  const inp = inputsOf(s.maps, s.regions, s.glare, s.minW);
  const m = radianceOver(inp)(['left_cheek', 'right_cheek']);
  const [b, c] = (globalThis as any).__slope ?? [NaN, NaN];
  const ang = (Math.atan2(c, b) * 180) / Math.PI;
  const aL = totalWeight(inp.pixels.left_cheek), aR = totalWeight(inp.pixels.right_cheek);
  rows.push([s.pose.roll, Math.hypot(b, c), ang - s.pose.roll]);
  if (/win50|win100|01829|02045/.test(f)) console.log(f.padEnd(26), `roll ${s.pose.roll.toFixed(1).padStart(5)} yaw ${s.pose.yaw.toFixed(1).padStart(5)} slope ${b.toFixed(3)},${c.toFixed(3)} |${Math.hypot(b, c).toFixed(3)}| ang ${ang.toFixed(0)} ang+roll? ${(ang - s.pose.roll).toFixed(0)} glow ${m.value.toFixed(2)} L ${m.details.gl!.toFixed(2)} R ${m.details.gr!.toFixed(2)} areas ${aL.toFixed(0)}/${aR.toFixed(0)}`);
}
const corr = (a: number[], b: number[]) => { const ma = a.reduce((x, y) => x + y) / a.length, mb = b.reduce((x, y) => x + y) / b.length; let sab = 0, saa = 0, sbb = 0; a.forEach((v, i) => { sab += (v - ma) * (b[i]! - mb); saa += (v - ma) ** 2; sbb += (b[i]! - mb) ** 2; }); return sab / Math.sqrt(saa * sbb); };
console.log('n', rows.length, 'r(roll, |slope|)', corr(rows.map((r) => r[0]!), rows.map((r) => r[1]!)).toFixed(2));
