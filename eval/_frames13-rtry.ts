// Throwaway probe [frames13]: radiance variants over the cache of eval/_frames13-cache.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { calibrate } from '../functions/analysis/skin/scoring';
import { getManifest } from '../functions/analysis/skin/manifest';
import { radianceOver, VR } from './_frames13-r';
const anchors = (getManifest() as any).markers.radiance.calibration;
const sc = (v: number) => Math.min(100, Math.max(0, Math.round(calibrate(v, anchors))));
const samples = readdirSync('/tmp/f13').filter((f) => f.endsWith('.bin')).map((f) => deserialize(readFileSync(`/tmp/f13/${f}`))).filter((s: any) => s.status === 'completed');
const all = samples.map((s: any) => ({ name: s.name as string, inputs: inputsOf(s.maps, s.regions, s.glare, s.minW) }));
for (const v of (process.env.VARS ?? 'prod').split(',')) {
  Object.assign(VR, { lowerForehead: 0 });
  for (const kv of v.split('+')) { const [k, val] = kv.split('='); if (k !== 'prod' && k) (VR as any)[k] = Number(val); }
  const res: Record<string, number> = {};
  for (const { name, inputs } of all) res[name] = sc(radianceOver(inputs)(['left_cheek', 'right_cheek'].filter((r) => inputs.usable.has(r as any)) as any).value);
  const g = (p: string) => Object.keys(res).filter((n) => n.startsWith(p)).map((n) => res[n]!);
  const rng = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  console.log(`== ${v}\n` + ['still', 'win20', 'win50', 'win76', 'win100', 'win120', 'win145', 'win170'].map((p) => `${p} ${rng(g(p))}`).join(' | '));
  console.log('  w50 ' + g('win50').join(' ') + ' | w100 ' + g('win100').join(' '));
  console.log('  ' + Object.keys(res).filter((n) => n.startsWith('demo') || (n.startsWith('p-') && !n.includes('-q'))).map((n) => `${n.replace(/^(demo-|p-)/, '').slice(0, 12)} ${res[n]}`).join(' '));
}
