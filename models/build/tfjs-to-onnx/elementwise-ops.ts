import { applyActivation } from './conv-ops';
import { constToNchw, type ConversionContext, type Value } from './conversion-context';
import type { TfNode } from './graph-model';

const BINARY: Record<string, string> = { AddV2: 'Add', Add: 'Add', Sub: 'Sub', Mul: 'Mul', RealDiv: 'Div', Maximum: 'Max', Minimum: 'Min' };

export function isBinary(op: string): boolean {
  return op in BINARY;
}

/** Binary ops: both sides brought to one layout (channels-first when either already is). */
export function convertBinary(node: TfNode, ctx: ConversionContext): void {
  const sides = [0, 1].map((i) => (ctx.isConstInput(node, i) ? undefined : ctx.input(node, i)));
  const live = sides.filter((v): v is Value => v !== undefined);
  if (!live.length) throw new Error(`${node.name}: constant folding is not supported`);
  const nchw = live.some((v) => v.layout === 'nchw');
  const names = [0, 1].map((i) => {
    const v = sides[i];
    if (v) return nchw ? ctx.asNchw(v) : ctx.asTf(v);
    const c = ctx.constInput(node, i);
    const arranged = nchw ? constToNchw(c) : { shape: c.shape, data: Float32Array.from(c.data) };
    return ctx.onnx.addFloatInitializer(`${node.name}/operand`, arranged.shape, arranged.data);
  });
  const out = ctx.onnx.addNode(BINARY[node.op], names, {}, node.name);
  const shape = broadcastShape(live.map((v) => v.shape));
  ctx.set(node.name, { name: out, layout: nchw ? 'nchw' : 'tf', shape });
}

/** Relu, Prelu, Sigmoid…: layout-agnostic, so the value keeps its layout. */
export function convertActivation(node: TfNode, ctx: ConversionContext): void {
  const x = ctx.input(node, 0);
  if (node.op === 'Prelu' && x.layout !== 'nchw' && x.shape.length === 4) {
    throw new Error(`${node.name}: Prelu on an NHWC activation`); // alpha would need no rearranging; not met yet
  }
  const alpha = node.op === 'Prelu' ? ctx.constInput(node, 1) : undefined;
  const out = applyActivation(ctx, node, x.name, node.op, alpha);
  ctx.set(node.name, { ...x, name: out });
}

function broadcastShape(shapes: number[][]): number[] {
  const rank = Math.max(...shapes.map((s) => s.length));
  return Array.from({ length: rank }, (_, i) =>
    Math.max(...shapes.map((s) => s[s.length - rank + i] ?? 1)),
  );
}
