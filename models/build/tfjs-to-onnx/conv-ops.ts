import { attrFloat, attrInts, attrString, attrStrings, requireNhwc } from './tf-attrs';
import { constToNchw, type ConversionContext } from './conversion-context';
import type { ConstTensor, TfNode } from './graph-model';
import { windowGeometry, type Window } from './window-geometry';

/** Conv2D, DepthwiseConv2dNative and their TF.js-fused forms (`_FusedConv2D`: conv + BiasAdd + activation). */
export function convertConv(node: TfNode, ctx: ConversionContext, depthwise: boolean): void {
  requireNhwc(node);
  const x = ctx.input(node, 0);
  const filter = ctx.constInput(node, 1);
  const [kh, kw, inC, mult] = filter.shape; // HWIO, or H W C multiplier for depthwise
  const outC = depthwise ? inC * mult : mult;
  const win = windowOf(node, [kh, kw]);
  const geometry = windowGeometry([x.shape[1], x.shape[2]], win);
  const weight = depthwise ? depthwiseToOihw(filter) : hwioToOihw(filter);
  const inputs = [ctx.asNchw(x), ctx.onnx.addFloatInitializer(`${node.name}/weight`, weight.shape, weight.data)];

  // _FusedConv2D: fused_ops = [BiasAdd, activation?]; extra inputs = [bias, prelu alpha?] (as tfjs-converter reads them).
  const [extraOp, activation] = attrStrings(node, 'fused_ops');
  if (extraOp !== undefined && extraOp !== 'BiasAdd') throw new Error(`${node.name}: fused op ${extraOp} not supported`);
  if (extraOp === 'BiasAdd') {
    const bias = ctx.constInput(node, 2);
    inputs.push(ctx.onnx.addFloatInitializer(`${node.name}/bias`, [outC], Float32Array.from(bias.data)));
  }
  let out = ctx.onnx.addNode(
    'Conv',
    inputs,
    {
      kernel_shape: { ints: [kh, kw] },
      strides: { ints: win.strides },
      dilations: { ints: win.dilations },
      pads: { ints: geometry.pads },
      group: { i: depthwise ? inC : 1 },
    },
    node.name,
  );
  if (activation) {
    const alpha = activation === 'Prelu' ? ctx.constInput(node, 3) : undefined;
    out = applyActivation(ctx, node, out, activation, alpha);
  }
  ctx.set(node.name, { name: out, layout: 'nchw', shape: [x.shape[0], ...geometry.outSize, outC] });
}

export function convertPool(node: TfNode, ctx: ConversionContext, opType: 'MaxPool' | 'AveragePool'): void {
  requireNhwc(node);
  const x = ctx.input(node, 0);
  const ksize = attrInts(node, 'ksize');
  if (ksize[0] !== 1 || ksize[3] !== 1) throw new Error(`${node.name}: pooling across batch/channels`);
  const win = windowOf(node, [ksize[1], ksize[2]]);
  const geometry = windowGeometry([x.shape[1], x.shape[2]], win);
  const out = ctx.onnx.addNode(
    opType,
    [ctx.asNchw(x)],
    { kernel_shape: { ints: [ksize[1], ksize[2]] }, strides: { ints: win.strides }, pads: { ints: geometry.pads } },
    node.name,
  );
  ctx.set(node.name, { name: out, layout: 'nchw', shape: [x.shape[0], ...geometry.outSize, x.shape[3]] });
}

/** Activation fused into a conv, or standing alone. */
export function applyActivation(ctx: ConversionContext, node: TfNode, x: string, activation: string, alpha?: ConstTensor): string {
  const hint = `${node.name}/${activation.toLowerCase()}`;
  switch (activation) {
    case 'Relu':
      return ctx.onnx.addNode('Relu', [x], {}, hint);
    case 'Relu6': {
      const [lo, hi] = [0, 6].map((v) => ctx.onnx.addFloatInitializer(`${hint}/bound`, [], Float32Array.of(v)));
      return ctx.onnx.addNode('Clip', [x, lo, hi], {}, hint);
    }
    case 'Elu':
    case 'Sigmoid':
    case 'Tanh':
      return ctx.onnx.addNode(activation, [x], {}, hint);
    case 'LeakyRelu':
      return ctx.onnx.addNode('LeakyRelu', [x], { alpha: { f: attrFloat(node, 'leakyrelu_alpha', 0.2) } }, hint);
    case 'Prelu': {
      if (!alpha) throw new Error(`${node.name}: Prelu without alpha`);
      const slope = constToNchw(alpha); // tfjs prelu: x < 0 ? alpha * x : x, same as ONNX PRelu
      const name = ctx.onnx.addFloatInitializer(`${hint}/alpha`, slope.shape, slope.data);
      return ctx.onnx.addNode('PRelu', [x, name], {}, hint);
    }
    default:
      throw new Error(`${node.name}: activation ${activation} not supported`);
  }
}

function windowOf(node: TfNode, kernel: [number, number]): Window {
  const strides = attrInts(node, 'strides', [1, 1, 1, 1]);
  const dilations = attrInts(node, 'dilations', [1, 1, 1, 1]);
  if (strides[0] !== 1 || strides[3] !== 1) throw new Error(`${node.name}: strides across batch/channels`);
  const padding = attrString(node, 'padding', 'VALID');
  if (padding !== 'SAME' && padding !== 'VALID' && padding !== 'EXPLICIT') throw new Error(`${node.name}: padding ${padding}`);
  return {
    kernel,
    strides: [strides[1], strides[2]],
    dilations: [dilations[1], dilations[2]],
    padding,
    explicit: attrInts(node, 'explicit_paddings'),
  };
}

/** TF conv filter [kh, kw, in, out] → ONNX [out, in, kh, kw]. */
function hwioToOihw(f: ConstTensor): { shape: number[]; data: Float32Array } {
  const [kh, kw, ci, co] = f.shape;
  const out = new Float32Array(f.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < ci; i++)
        for (let o = 0; o < co; o++) out[((o * ci + i) * kh + y) * kw + x] = f.data[((y * kw + x) * ci + i) * co + o];
  return { shape: [co, ci, kh, kw], data: out };
}

/** TF depthwise filter [kh, kw, C, M] → ONNX grouped conv [C*M, 1, kh, kw]; TF output channel is c*M + m. */
function depthwiseToOihw(f: ConstTensor): { shape: number[]; data: Float32Array } {
  const [kh, kw, c, m] = f.shape;
  const out = new Float32Array(f.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < c; i++)
        for (let j = 0; j < m; j++) out[((i * m + j) * kh + y) * kw + x] = f.data[((y * kw + x) * c + i) * m + j];
  return { shape: [c * m, 1, kh, kw], data: out };
}
