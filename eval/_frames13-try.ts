// Throwaway probe [frames13]: reduces uniformness variants over the cache of eval/_frames13-cache.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { calibrate } from '../functions/analysis/skin/scoring';
import { getManifest } from '../functions/analysis/skin/manifest';
import { uniformnessOver, V, UNIFORMNESS } from './_frames13-u';
const U0 = { ...UNIFORMNESS };

const anchors = (getManifest() as any).markers.uniformness.calibration;
const samples = readdirSync('/tmp/f13').filter((f) => f.endsWith('.bin')).map((f) => deserialize(readFileSync(`/tmp/f13/${f}`))).filter((s: any) => s.status === 'completed');
const inputs = samples.map((s: any) => ({ name: s.name as string, s, inputs: inputsOf(s.maps, s.regions, s.glare, s.minW) }));
const sc = (v: number) => Math.min(100, Math.max(0, Math.round(calibrate(v, anchors))));
let base: Record<string, { raw: number }> | null = null;
export function run(label: string) {
  const res: Record<string, { raw: number; score: number; fh: number }> = {};
  for (const { name, inputs: inp } of inputs) {
    const over = uniformnessOver(inp);
    const raw = over(['forehead', 'left_cheek', 'right_cheek', 'chin'].filter((r) => inp.usable.has(r as any)) as any).value;
    const fh = sc(over(['forehead']).value);
    res[name] = { raw, score: sc(raw), fh };
  }
  const group = (p: string) => Object.entries(res).filter(([n]) => n.startsWith(p)).map(([, r]) => r);
  const rng = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  const out: string[] = [];
  const groups = ['still', 'win20', 'win50', 'win76', 'win100', 'win120', 'win145', 'win170'];
  out.push(groups.map((g) => `${g.replace('win', 'w')} ${rng(group(g).map((r) => r.score))}`).join(' | '));
  out.push('stills ' + group('still').map((r) => r.score).join(' ') + ' ; w170 ' + group('win170').map((r) => r.score).join(' '));
  const d = (n: string) => res[n]!;
  out.push(`demo f/t/l/tan ${['frontal', 'tilted', 'light', 'tan'].map((n) => d(`demo-${n}`).score).join('/')} | blot10 f ${d('demo-frontal').score}->${d('demo-frontal-blot10').score} (raw +${(d('demo-frontal-blot10').raw - d('demo-frontal').raw).toFixed(2)}) l ${d('demo-light').score}->${d('demo-light-blot10').score} (raw +${(d('demo-light-blot10').raw - d('demo-light').raw).toFixed(2)}) | fh4 ${d('demo-frontal-plain95').fh}->${d('demo-frontal-fh4').fh}`);
  const ps = Object.keys(res).filter((n) => n.startsWith('p-') && !n.includes('-q'));
  out.push('portraits ' + ps.map((n) => `${n.slice(2, 8)} ${d(n).score}/${d(n + '-q85').score}/${d(n + '-q70').score}`).join(' '));
  const stillRaw = group('still').map((r) => r.raw); const w170 = group('win170').map((r) => r.raw);
  const add = Math.min(d('demo-frontal-blot10').raw - d('demo-frontal').raw, d('demo-light-blot10').raw - d('demo-light').raw);
  out.push(`ratio stills ${(rng(stillRaw) / add).toFixed(2)} w170 ${(rng(w170) / add).toFixed(2)}`);
  if (!base) base = Object.fromEntries(Object.entries(res).map(([k, v]) => [k, { raw: v.raw }]));
  else {
    // Rescaled: a linear map of the raw value so the demo faces (frontal, light) keep their mean level and ten blotches add what they added before.
    const B = base; const dn = ['demo-frontal', 'demo-light'];
    const addB = dn.reduce((a, n) => a + B[n + '-blot10']!.raw - B[n]!.raw, 0), addN = dn.reduce((a, n) => a + res[n + '-blot10']!.raw - res[n]!.raw, 0);
    const k = addB / addN; const mB = dn.reduce((a, n) => a + B[n]!.raw, 0) / 2, mN = dn.reduce((a, n) => a + res[n]!.raw, 0) / 2;
    const rs = (n: string) => sc(mB + (res[n]!.raw - mN) * k);
    const g = (p: string) => Object.keys(res).filter((n) => n.startsWith(p)).map(rs);
    out.push('RESCALED k=' + k.toFixed(2) + ' ' + ['still', 'win20', 'win50', 'win76', 'win100', 'win120', 'win145', 'win170'].map((p) => `${p} ${rng(g(p))}`).join(' | '));
    out.push('  stills ' + g('still').join(' ') + ' ; w170 ' + g('win170').join(' ') + ` | demo ${['frontal', 'tilted', 'light', 'tan'].map((n) => rs('demo-' + n)).join('/')} blot10 ${rs('demo-frontal-blot10')}/${rs('demo-light-blot10')}`);
    out.push('  portraits ' + ps.map((n) => `${n.slice(2, 8)} ${sc(B[n]!.raw)}→${rs(n)}/${rs(n + '-q85')}/${rs(n + '-q70')}`).join(' '));
  }
  console.log(`== ${label}\n${out.join('\n')}`);
  return res;
}
const variants = (process.env.VARS ?? 'prod').split(',');
for (const v of variants) {
  Object.assign(V, { equal: 0, neg: 0, negFrom: 0, planeSurround: 0, ridge: 1, broad: 0, broadSigma: 8, spatial: 0, spatialFloor: 0, parts: 2, stat: 'p20', faceWhite: true });
  Object.assign(UNIFORMNESS, U0);
  for (const kv of v.split('+')) { const [k, val] = kv.split('='); if (k === 'prod' || !k) continue; if (k.startsWith('U.')) (UNIFORMNESS as any)[k.slice(2)] = Number(val); else (V as any)[k] = isNaN(Number(val)) ? val : Number(val); }
  run(v);
}
if (process.env.RAW) for (const v of process.env.RAW.split(',')) {
  Object.assign(V, { equal: 0, neg: 0, negFrom: 0, planeSurround: 0, ridge: 1, broad: 0, broadSigma: 8, spatial: 0, spatialFloor: 0, parts: 2, stat: 'p20', faceWhite: true });
  for (const kv of v.split('+')) { const [k, val] = kv.split('='); if (k !== 'prod' && k) (V as any)[k] = Number(val); }
  const r = run('raw ' + v);
  console.log('RAW ' + v + ': ' + Object.entries(r).filter(([n]) => n.startsWith('still') || n.startsWith('win170') || n === 'demo-frontal' || n === 'demo-light').map(([n, x]) => `${n.replace(/still-franck_|\.jpg|win170-| s$/g, '')} ${x.raw.toFixed(2)}`).join(' '));
}
