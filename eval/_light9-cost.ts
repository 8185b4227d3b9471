/** [light9] scratch: per-scan cost of uniformness with and without the light model, over the cached samples. */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { REGION_NAMES, type RegionMasks, type RegionName } from '../functions/analysis/types';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { uniformnessOver, UNIFORMNESS_REGIONS } from '../functions/analysis/skin/markers/uniformness';
import { surfaceNormals } from '../functions/analysis/skin/surface-normals';
const DIR = '/tmp/l9cache';
function f32(path: string) { const b = readFileSync(path); return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4); }
const items = readdirSync(DIR).filter((d) => existsSync(`${DIR}/${d}/meta.json`)).slice(0, 40).map((d) => {
  const dir = `${DIR}/${d}`;
  const meta = JSON.parse(readFileSync(`${dir}/meta.json`, 'utf8'));
  const maps = { chromophores: f32(`${dir}/chromophores.f32`), specular: f32(`${dir}/specular.f32`), indices: f32(`${dir}/indices.f32`) } as any;
  const mb = readFileSync(`${dir}/masks.u8`);
  const masks = {} as Record<RegionName, Uint8Array>;
  REGION_NAMES.forEach((r, k) => (masks[r] = new Uint8Array(mb.subarray(k * 65536, (k + 1) * 65536))));
  return { maps, masks, mesh: meta.mesh.map(([x, y, z]: number[]) => ({ x, y, z })) };
});
for (let rep = 0; rep < 3; rep++) {
  for (const withMesh of [false, true]) {
    let t = 0, tn = 0;
    for (const it of items) {
      const regions: RegionMasks = { size: 256, masks: it.masks, ...(withMesh ? { mesh: it.mesh.map((p: any) => ({ ...p })) } : {}) };
      const inputs = inputsOf(it.maps, regions, [4, 8], 60);
      const t0 = performance.now();
      uniformnessOver(inputs)(UNIFORMNESS_REGIONS);
      t += performance.now() - t0;
      if (withMesh) { const t1 = performance.now(); surfaceNormals(it.mesh, 256); tn += performance.now() - t1; }
    }
    console.log(withMesh ? 'light model' : 'without   ', (t / items.length).toFixed(1), 'ms per scan', withMesh ? `(normals alone ${(tn / items.length).toFixed(1)} ms)` : '');
  }
}
