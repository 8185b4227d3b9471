/**
 * The skin graph's separable filter bank (models/build/skin-graph/filters.ts) against a plain JS convolution with
 * reflected borders: kernels of several radii in one bank (run as one convolution pair per radius and gathered
 * back into order) give each output channel its own kernel's result, in the documented order.
 */
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { separableBank, type SeparableKernel } from '../models/build/skin-graph/filters';
import { gaussian, gaussianD1 } from '../models/build/skin-graph/kernels';
import { OnnxGraph } from '../models/build/skin-graph/onnx-graph';

const H = 24;
const W = 31;

/** Reflect-padded index (edge not repeated), as ONNX Pad mode=reflect. */
function reflect(i: number, n: number): number {
  if (i < 0) return -i;
  if (i >= n) return 2 * (n - 1) - i;
  return i;
}

/** Correlation along x with `h`, then along y with `v`, reflected borders, in doubles. */
function reference(image: Float32Array, kernel: SeparableKernel): Float64Array {
  const rh = (kernel.h.length - 1) / 2;
  const rv = (kernel.v.length - 1) / 2;
  const rows = new Float64Array(H * W);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rows[y * W + x] = kernel.h.reduce((s, k, t) => s + k * image[y * W + reflect(x + t - rh, W)]!, 0);
  const out = new Float64Array(H * W);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = kernel.v.reduce((s, k, t) => s + k * rows[reflect(y + t - rv, H) * W + x]!, 0);
  return out;
}

describe('separableBank', () => {
  it('when a bank mixes kernel radii (σ 1, 3.2, 0.8 and a derivative), then every output channel c·n + j is channel c filtered by its own kernel j', async () => {
    const g = new OnnxGraph('bank_test');
    const x = g.input('x', [1, 2, H, W]);
    const blur = (s: number): SeparableKernel => ({ h: gaussian(s), v: gaussian(s) });
    const kernels: SeparableKernel[][] = [
      [blur(1), blur(3.2), { h: gaussianD1(0.8), v: gaussian(0.8) }],
      [blur(3.2), blur(1), blur(0.8)],
    ];
    g.output('y', separableBank(g, x, kernels), [1, 6, H, W]);
    const session = await ort.InferenceSession.create(g.encode({}, 'test'));
    const input = Float32Array.from({ length: 2 * H * W }, (_, i) => Math.sin(i * 0.37) * 10 + ((i * 7919) % 13));
    const y = (await session.run({ x: new ort.Tensor('float32', input, [1, 2, H, W]) })).y!.data as Float32Array;
    await session.release();
    for (let c = 0; c < 2; c++) {
      for (let j = 0; j < 3; j++) {
        const expected = reference(input.subarray(c * H * W, (c + 1) * H * W), kernels[c]![j]!);
        const channel = y.subarray((c * 3 + j) * H * W, (c * 3 + j + 1) * H * W);
        let worst = 0;
        for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(channel[i]! - expected[i]!));
        expect(worst, `channel ${c} kernel ${j}`).toBeLessThan(1e-4);
      }
    }
  });
});
