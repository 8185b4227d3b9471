import { NHWC_TO_NCHW, type ConversionContext } from './conversion-context';
import type { TfNode } from './graph-model';

/** Reshape in TF's own layout: element order differs once channels are first. */
export function convertReshape(node: TfNode, ctx: ConversionContext): void {
  const x = ctx.input(node, 0);
  const target = Array.from(ctx.constInput(node, 1).data);
  const shapeName = ctx.onnx.addInt64Initializer(`${node.name}/shape`, target);
  const out = ctx.onnx.addNode('Reshape', [ctx.asTf(x), shapeName], {}, node.name);
  ctx.set(node.name, { name: out, layout: 'tf', shape: reshapedShape(x.shape, target) });
}

/** Pad / PadV2 (constant mode); paddings are [rank, 2] in TF axis order. */
export function convertPad(node: TfNode, ctx: ConversionContext): void {
  const x = ctx.input(node, 0);
  const paddings = Array.from(ctx.constInput(node, 1).data);
  const rank = x.shape.length;
  const axes = x.layout === 'nchw' ? NHWC_TO_NCHW : [...Array(rank).keys()];
  const pads = [...axes.map((a) => paddings[2 * a]), ...axes.map((a) => paddings[2 * a + 1])];
  const inputs = [x.name, ctx.onnx.addInt64Initializer(`${node.name}/pads`, pads)];
  if (node.op === 'PadV2') {
    const value = ctx.constInput(node, 2);
    inputs.push(ctx.onnx.addFloatInitializer(`${node.name}/value`, [], Float32Array.of(value.data[0])));
  }
  const out = ctx.onnx.addNode('Pad', inputs, { mode: { s: 'constant' } }, node.name);
  const shape = x.shape.map((d, a) => (d < 0 ? d : d + paddings[2 * a] + paddings[2 * a + 1]));
  ctx.set(node.name, { ...x, name: out, shape });
}

export function convertIdentity(node: TfNode, ctx: ConversionContext): void {
  ctx.set(node.name, ctx.input(node, 0));
}

function reshapedShape(input: number[], target: number[]): number[] {
  const known = input.every((d) => d >= 0) ? input.reduce((a, b) => a * b, 1) : -1;
  const rest = target.filter((d) => d >= 0).reduce((a, b) => a * b, 1);
  return target.map((d, i) => {
    if (d === 0) return input[i];
    if (d >= 0) return d;
    return known >= 0 ? known / rest : -1; // unknown batch stays symbolic
  });
}
