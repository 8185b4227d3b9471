/**
 * The light's colour by the surface's orientation, taken out of band-passed chromophore maps. A face is lit by a key
 * light and a fill of another colour (a window and a lamp, a lamp and the walls): where the surface turns to one or
 * the other, the chromophore split reads the light's colour as melanin and haemoglobin, and as the head rolls the
 * pattern moves over the forehead and the cheeks (docs/analysis.md, Consistency, root causes 31 and 40). Light from
 * a distant surround is a smooth function of the surface normal; to second order, the spherical harmonics' basis
 * nx, ny, nz, nx², ny², nx·ny, nx·nz, ny·nz (the normals from the face mesh's depth, surface-normals.ts).
 *
 * One fit for the whole face (forehead, cheeks, chin pooled): each band-passed chromophore regressed on the basis
 * less its σ 16 surround, by weighted least squares, and that part subtracted. Eight numbers per chromophore for the
 * whole face follow the light every region shares, not blotches scattered over it (a blotch adds no normal).
 */
import { surfaceNormalsOf } from '../surface-normals.js';
import type { Weighted } from '../weighted-stats.js';
import type { MarkerInputs } from './inputs.js';

/**
 * The light model's regressors over the face's skin, each less its surround (`lessSurround`, the chromophores'
 * σ 16 mean over skin), or undefined without a mesh. The chromophores' finer σ 4 blur is left out: the normal map
 * is already smooth on that scale (σ 10), and the eight blurs it would add cost more than they change.
 */
export function lightBasis(inputs: MarkerInputs, lessSurround: (maps: Float32Array[]) => Float32Array[]): Float32Array[] | undefined {
  const mesh = inputs.regions.mesh;
  if (!mesh) return undefined;
  const { nx, ny, nz } = surfaceNormalsOf(mesh, inputs.size);
  const n = nx.length;
  const basis = [Float32Array.from(nx), Float32Array.from(ny), Float32Array.from(nz), new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  productsInto(basis, nx, ny, nz);
  return lessSurround(basis);
}

function productsInto(basis: Float32Array[], nx: Float32Array, ny: Float32Array, nz: Float32Array): void {
  const [, , , xx, yy, xy, xz, yz] = basis as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  for (let i = 0; i < nx.length; i++) {
    const x = nx[i]!;
    const y = ny[i]!;
    const z = nz[i]!;
    xx[i] = x * x;
    yy[i] = y * y;
    xy[i] = x * y;
    xz[i] = x * z;
    yz[i] = y * z;
  }
}

/**
 * `map` less its weighted least-squares fit on `basis` over `pixels`, in place at those pixels (the regions read
 * nothing else afterwards). The intercept is fitted too (band-passed maps are near 0, not exactly). A plain fit, not
 * a robust one: with Tukey's weights (as radiance's light plane) four blotches painted on one forehead lowered it
 * less, not more (root cause 40).
 */
export function withoutLight(map: Float32Array, basis: readonly Float32Array[], pixels: Weighted): void {
  const { index, weight } = pixels;
  const fit = weightedFit(map, basis, index, weight);
  if (!fit) return;
  const m = basis.length;
  for (let k = 0; k < index.length; k++) {
    const i = index[k]!;
    let v = map[i]!;
    for (let j = 0; j < m; j++) v -= fit.slopes[j]! * (basis[j]![i]! - fit.means[j]!);
    map[i] = v;
  }
}

interface Fit {
  slopes: Float64Array;
  means: Float64Array;
}

/** The weighted least-squares fit of `map` on `basis` (centred on the weighted means), or undefined when singular. */
function weightedFit(map: Float32Array, basis: readonly Float32Array[], index: Uint32Array, weight: Float32Array): Fit | undefined {
  const m = basis.length;
  let w = 0;
  let my = 0;
  const mx = new Float64Array(m);
  for (let k = 0; k < index.length; k++) {
    const i = index[k]!;
    const q = weight[k]!;
    w += q;
    my += q * map[i]!;
    for (let j = 0; j < m; j++) mx[j] += q * basis[j]![i]!;
  }
  if (!(w > 0)) return undefined;
  my /= w;
  for (let j = 0; j < m; j++) mx[j] /= w;
  // Normal equations of the centred regressors: A b = c.
  const a = new Float64Array(m * m);
  const c = new Float64Array(m);
  const d = new Float64Array(m);
  for (let k = 0; k < index.length; k++) {
    const i = index[k]!;
    const q = weight[k]!;
    if (q === 0) continue;
    const dy = map[i]! - my;
    for (let j = 0; j < m; j++) d[j] = basis[j]![i]! - mx[j]!;
    for (let r = 0; r < m; r++) {
      const qr = q * d[r]!;
      c[r] += qr * dy;
      for (let s = r; s < m; s++) a[r * m + s] += qr * d[s]!;
    }
  }
  for (let r = 0; r < m; r++) for (let s = 0; s < r; s++) a[r * m + s] = a[s * m + r]!;
  const slopes = solved(a, c, m);
  return slopes ? { slopes, means: mx } : undefined;
}

/** A x = c by Gaussian elimination with partial pivoting (m ≤ 9), or undefined when singular. */
function solved(a: Float64Array, c: Float64Array, m: number): Float64Array | undefined {
  const scale = Math.max(...Array.from({ length: m }, (_, r) => Math.abs(a[r * m + r]!)));
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let r = col + 1; r < m; r++) if (Math.abs(a[r * m + col]!) > Math.abs(a[pivot * m + col]!)) pivot = r;
    if (!(Math.abs(a[pivot * m + col]!) > 1e-12 * scale)) return undefined;
    if (pivot !== col) {
      for (let s = 0; s < m; s++) [a[col * m + s], a[pivot * m + s]] = [a[pivot * m + s]!, a[col * m + s]!];
      [c[col], c[pivot]] = [c[pivot]!, c[col]!];
    }
    for (let r = col + 1; r < m; r++) {
      const f = a[r * m + col]! / a[col * m + col]!;
      if (f === 0) continue;
      for (let s = col; s < m; s++) a[r * m + s] -= f * a[col * m + s]!;
      c[r] -= f * c[col]!;
    }
  }
  const x = new Float64Array(m);
  for (let r = m - 1; r >= 0; r--) {
    let v = c[r]!;
    for (let s = r + 1; s < m; s++) v -= a[r * m + s]! * x[s]!;
    x[r] = v / a[r * m + r]!;
  }
  return x;
}
