import { OnnxGraph } from './onnx-graph.js';
import { padTo } from './kernels.js';

/** A separable 2-D filter: `h` runs along x (width), `v` along y (height). */
export interface SeparableKernel {
  h: number[];
  v: number[];
}

/** Channels [from, to) of an NCHW tensor. */
export function sliceChannels(g: OnnxGraph, x: string, from: number, to: number): string {
  return g.op('Slice', [x, g.int64Tensor('starts', [from]), g.int64Tensor('ends', [to]), g.int64Tensor('axes', [1])], {}, 'slice');
}

/** 1×1 convolution: out[o] = Σ_i weights[o][i] · in[i] + bias[o]. */
export function mix(g: OnnxGraph, x: string, weights: number[][], bias?: number[]): string {
  const cout = weights.length;
  const cin = weights[0]!.length;
  const w = g.floatTensor('mix_w', [cout, cin, 1, 1], weights.flat());
  const inputs = [x, w];
  if (bias) inputs.push(g.floatTensor('mix_b', [cout], bias));
  return g.op('Conv', inputs, { kernel_shape: [1, 1] }, 'mix');
}

/**
 * Filters each of the `kernels.length` input channels with its own list of separable kernels (the same count n
 * for every channel), with reflected borders. Output channel c·n + j is input channel c filtered by kernels[c][j].
 *
 * Kernels of one radius run as one padded pair of grouped convolutions; a bank mixing radii (σ 1.2 beside σ 8)
 * runs one pair per radius and gathers the channels back into order, so no kernel is zero-padded to the widest
 * one's taps (the blob bank did 294 multiply-adds per pixel and channel where 142 are needed). Reflected padding
 * by the kernel's own radius gives the same pixels under its taps as padding by the widest radius did.
 */
export function separableBank(g: OnnxGraph, x: string, kernels: SeparableKernel[][]): string {
  const channels = kernels.length;
  const n = kernels[0]!.length;
  if (kernels.some((k) => k.length !== n)) throw new Error('separableBank: every channel needs the same kernel count');
  const radiusOf = (j: number) => Math.max(...kernels.flatMap((list) => [(list[j]!.h.length - 1) / 2, (list[j]!.v.length - 1) / 2]));
  const byRadius = new Map<number, number[]>();
  for (let j = 0; j < n; j++) byRadius.set(radiusOf(j), [...(byRadius.get(radiusOf(j)) ?? []), j]);
  if (byRadius.size === 1) return bankOfOneRadius(g, x, kernels, radiusOf(0));
  const parts: string[] = [];
  const order: number[] = []; // order[k] = c·n + j of the k-th channel of the concatenated parts
  for (const [radius, columns] of [...byRadius].sort((a, b) => a[0] - b[0])) {
    parts.push(bankOfOneRadius(g, x, kernels.map((list) => columns.map((j) => list[j]!)), radius));
    for (let c = 0; c < channels; c++) for (const j of columns) order.push(c * n + j);
  }
  const joined = g.op('Concat', parts, { axis: 1 }, 'bank_parts');
  const inverse = new Array<number>(order.length);
  order.forEach((channel, k) => (inverse[channel] = k));
  return g.op('Gather', [joined, g.int64Tensor('bank_order', inverse)], { axis: 1 }, 'bank');
}

function bankOfOneRadius(g: OnnxGraph, x: string, kernels: SeparableKernel[][], radius: number): string {
  const channels = kernels.length;
  const n = kernels[0]!.length;
  const size = 2 * radius + 1;
  const padded = g.op('Pad', [x, g.int64Tensor('pads', [0, 0, radius, radius, 0, 0, radius, radius])], { mode: 'reflect' }, 'pad');
  const hWeights = kernels.flat().flatMap((k) => padTo(k.h, radius));
  const vWeights = kernels.flat().flatMap((k) => padTo(k.v, radius));
  const horizontal = g.op(
    'Conv',
    [padded, g.floatTensor('bank_h', [channels * n, 1, 1, size], hWeights)],
    { group: channels, kernel_shape: [1, size] },
    'bank_h',
  );
  return g.op(
    'Conv',
    [horizontal, g.floatTensor('bank_v', [channels * n, 1, size, 1], vWeights)],
    { group: channels * n, kernel_shape: [size, 1] },
    'bank_v',
  );
}

export function add(g: OnnxGraph, a: string, b: string): string {
  return g.op('Add', [a, b], {}, 'add');
}
export function sub(g: OnnxGraph, a: string, b: string): string {
  return g.op('Sub', [a, b], {}, 'sub');
}
export function scale(g: OnnxGraph, a: string, k: number): string {
  return g.op('Mul', [a, g.scalar(k)], {}, 'scale');
}
export function square(g: OnnxGraph, a: string): string {
  return g.op('Mul', [a, a], {}, 'sq');
}
export function relu(g: OnnxGraph, a: string): string {
  return g.op('Relu', [a], {}, 'relu');
}

