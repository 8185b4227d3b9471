import { applyActivation } from './conv-ops';
import { NHWC_TO_NCHW, type ConversionContext } from './conversion-context';
import type { TfNode } from './graph-model';
import { attrStrings } from './tf-attrs';

/**
 * The classifier heads of Keras models exported to TF.js: dense layers (`_FusedMatMul` = MatMul + BiasAdd +
 * activation), global average pooling (`Mean`) and `Softmax`.
 */

/** `_FusedMatMul` with a constant right-hand side: ONNX Gemm (A·B + bias), then the fused activation. */
export function convertFusedMatMul(node: TfNode, ctx: ConversionContext): void {
  const a = ctx.input(node, 0);
  if (a.shape.length !== 2) throw new Error(`${node.name}: MatMul on a rank-${a.shape.length} activation`);
  if (flag(node, 'transpose_a')) throw new Error(`${node.name}: transpose_a not supported`);
  const weights = ctx.constInput(node, 1);
  const transB = flag(node, 'transpose_b');
  const units = transB ? weights.shape[0] : weights.shape[1];
  const inputs = [ctx.asTf(a), ctx.onnx.addFloatInitializer(`${node.name}/weight`, weights.shape, Float32Array.from(weights.data))];
  const [extraOp, activation] = node.op === 'MatMul' ? [] : attrStrings(node, 'fused_ops');
  if (extraOp !== undefined && extraOp !== 'BiasAdd') throw new Error(`${node.name}: fused op ${extraOp} not supported`);
  if (extraOp === 'BiasAdd') inputs.push(ctx.onnx.addFloatInitializer(`${node.name}/bias`, [units], Float32Array.from(ctx.constInput(node, 2).data)));
  let out = ctx.onnx.addNode('Gemm', inputs, { transB: { i: transB ? 1 : 0 } }, node.name);
  if (activation) out = applyActivation(ctx, node, out, activation);
  ctx.set(node.name, { name: out, layout: 'tf', shape: [a.shape[0], units] });
}

/**
 * `Mean` over constant axes. On a channels-first activation the TF axes are renumbered; dropping axes is only
 * allowed where the kept axes come out in TF's order (global pooling: H and W of NHWC leave [N, C] either way).
 */
export function convertMean(node: TfNode, ctx: ConversionContext): void {
  const x = ctx.input(node, 0);
  const rank = x.shape.length;
  const tfAxes = Array.from(ctx.constInput(node, 1).data, (a) => (a < 0 ? a + rank : a)).sort();
  const keepDims = node.attr?.keep_dims?.b === true;
  const nchw = x.layout === 'nchw';
  const axes = nchw ? tfAxes.map((a) => NHWC_TO_NCHW.indexOf(a)) : tfAxes;
  const kept = [...Array(rank).keys()].filter((a) => !tfAxes.includes(a));
  if (nchw && !keepDims) {
    const keptInOnnxOrder = NHWC_TO_NCHW.filter((a) => kept.includes(a));
    if (keptInOnnxOrder.join() !== kept.join()) throw new Error(`${node.name}: Mean would reorder the kept axes`);
  }
  const out = ctx.onnx.addNode('ReduceMean', [x.name], { axes: { ints: axes.sort() }, keepdims: { i: keepDims ? 1 : 0 } }, node.name);
  const shape = keepDims ? x.shape.map((d, a) => (tfAxes.includes(a) ? 1 : d)) : kept.map((a) => x.shape[a]);
  ctx.set(node.name, { name: out, layout: nchw && keepDims ? 'nchw' : 'tf', shape });
}

/** TF `Softmax` normalises the last axis. */
export function convertSoftmax(node: TfNode, ctx: ConversionContext): void {
  const x = ctx.input(node, 0);
  const out = ctx.onnx.addNode('Softmax', [ctx.asTf(x)], { axis: { i: -1 } }, node.name);
  ctx.set(node.name, { name: out, layout: 'tf', shape: x.shape });
}

function flag(node: TfNode, name: string): boolean {
  return node.attr?.[name]?.b === true;
}
