/**
 * The face's surface orientation at every crop pixel, from the Face Mesh's 468 points with depth (in crop pixels,
 * z on x's scale, smaller = nearer the camera). The repository has no mesh triangulation, so the surface is a
 * smooth fit instead: at the nodes of a coarse grid, the weighted least-squares plane z = a + p·x + q·y through the
 * points within a Gaussian window (σ `sigma` px); its slope gives the normal there, and the pixels between nodes
 * take the bilinear blend of the four around them. The landmarks lie ≈ 8–10 px apart at S = 256, so a window of
 * σ 10 holds a few dozen of them: the cheek's and forehead's curve, not one landmark's jitter.
 *
 * The normal is returned as its three components per pixel (unit length, x right, y down in the crop, z towards the
 * camera): nx > 0 where the surface turns to the crop's right, ny > 0 where it turns down, nz = 1 facing the camera.
 */
import type { Point3, SquareCrop } from '../face/face-types.js';
import { imageToCrop } from '../face/square-crop.js';

export const SURFACE_NORMALS = {
  /** σ of the window round each grid node whose landmarks the local plane is fitted through (px at S = 256). */
  sigma: 10,
  /** Grid step between the nodes where the plane is fitted (px); pixels between are blended bilinearly. */
  step: 8,
} as const;

export interface NormalMap {
  nx: Float32Array;
  ny: Float32Array;
  nz: Float32Array;
}

/** The mesh's points in the crop's pixels (what surfaceNormals takes): x, y through the window, z on the same scale. */
export function meshInCrop(points: readonly Point3[], window: SquareCrop, size: number): Point3[] {
  const scale = size / window.side;
  return points.map((p) => ({ ...imageToCrop(window, size, p), z: p.z * scale }));
}

/** surfaceNormals over one mesh, once (uniformness and its per-region results read the same map). */
export function surfaceNormalsOf(points: readonly Point3[], size: number): NormalMap {
  let known = NORMAL_MAPS.get(points);
  if (known?.nx.length !== size * size) NORMAL_MAPS.set(points, (known = surfaceNormals(points, size)));
  return known;
}

const NORMAL_MAPS = new WeakMap<readonly Point3[], NormalMap>();

/** Per-pixel unit normals over a size × size crop from mesh points in crop pixels (see the file's comment). */
export function surfaceNormals(points: readonly Point3[], size: number, sigma: number = SURFACE_NORMALS.sigma, step: number = SURFACE_NORMALS.step): NormalMap {
  const nodes = Math.ceil((size - 1) / step) + 1;
  const gx = new Float32Array(nodes * nodes);
  const gy = new Float32Array(nodes * nodes);
  const reach = 3 * sigma;
  const inv = 1 / (2 * sigma * sigma);
  const n = points.length;
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  const pz = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    px[k] = points[k]!.x;
    py[k] = points[k]!.y;
    pz[k] = points[k]!.z;
  }
  for (let j = 0; j < nodes; j++) {
    const y0 = j * step;
    for (let i = 0; i < nodes; i++) {
      const x0 = i * step;
      // Weighted moments of the points round the node, centred on it (so the sums stay small).
      let sw = 0, sx = 0, sy = 0, sz = 0, sxx = 0, syy = 0, sxy = 0, sxz = 0, syz = 0;
      for (let k = 0; k < n; k++) {
        const dx = px[k]! - x0;
        if (dx > reach || dx < -reach) continue;
        const dy = py[k]! - y0;
        if (dy > reach || dy < -reach) continue;
        const w = Math.exp(-(dx * dx + dy * dy) * inv);
        const z = pz[k]!;
        sw += w;
        sx += w * dx;
        sy += w * dy;
        sz += w * z;
        sxx += w * dx * dx;
        syy += w * dy * dy;
        sxy += w * dx * dy;
        sxz += w * dx * z;
        syz += w * dy * z;
      }
      const node = j * nodes + i;
      if (sw < 1e-6) continue;
      const [mx, my, mz] = [sx / sw, sy / sw, sz / sw];
      const cxx = sxx / sw - mx * mx;
      const cyy = syy / sw - my * my;
      const cxy = sxy / sw - mx * my;
      const cxz = sxz / sw - mx * mz;
      const cyz = syz / sw - my * mz;
      const det = cxx * cyy - cxy * cxy;
      if (!(det > 1e-6)) continue;
      gx[node] = (cxz * cyy - cyz * cxy) / det;
      gy[node] = (cyz * cxx - cxz * cxy) / det;
    }
  }
  const out: NormalMap = { nx: new Float32Array(size * size), ny: new Float32Array(size * size), nz: new Float32Array(size * size) };
  for (let y = 0; y < size; y++) {
    const fy = y / step;
    const j = Math.min(nodes - 2, Math.floor(fy));
    const ty = fy - j;
    for (let x = 0; x < size; x++) {
      const fx = x / step;
      const i = Math.min(nodes - 2, Math.floor(fx));
      const tx = fx - i;
      const a = j * nodes + i;
      const b = a + nodes;
      const p = (1 - ty) * ((1 - tx) * gx[a]! + tx * gx[a + 1]!) + ty * ((1 - tx) * gx[b]! + tx * gx[b + 1]!);
      const q = (1 - ty) * ((1 - tx) * gy[a]! + tx * gy[a + 1]!) + ty * ((1 - tx) * gy[b]! + tx * gy[b + 1]!);
      // z grows away from the camera: where it grows to the right (p > 0) the surface turns to the right.
      const length = Math.sqrt(p * p + q * q + 1);
      const at = y * size + x;
      out.nx[at] = p / length;
      out.ny[at] = q / length;
      out.nz[at] = 1 / length;
    }
  }
  return out;
}
