import { readdirSync, readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { uniformnessOver } from './_frames13-u';
for (const f of readdirSync('/tmp/f13').filter((f) => f.endsWith('.bin') && (f.startsWith('still') || f.startsWith('win170') || f.startsWith('demo-frontal') || f.startsWith('demo-light')))) {
  const s: any = deserialize(readFileSync(`/tmp/f13/${f}`)); if (s.status !== 'completed') continue;
  const inp = inputsOf(s.maps, s.regions, s.glare, s.minW); const over = uniformnessOver(inp);
  console.log(f.padEnd(30), ['forehead', 'left_cheek', 'right_cheek', 'chin'].map((r) => { const m = over([r as any]); return `${r.slice(0, 5)} ${m.details.melanin_spread!.toFixed(2)}+${m.details.haemoglobin_spread!.toFixed(2)}`; }).join('  '), 'w', ['forehead', 'left_cheek', 'right_cheek', 'chin'].map((r) => (inp.pixels as any)[r].index.length).join('/'), 'roll', s.pose?.roll?.toFixed(1));
}
