import { ConversionContext } from './conversion-context';
import { convertConv, convertPool } from './conv-ops';
import { convertFusedMatMul, convertMean, convertSoftmax } from './dense-ops';
import { convertActivation, convertBinary, isBinary } from './elementwise-ops';
import type { TfGraph, TfNode } from './graph-model';
import { OnnxGraphBuilder } from './onnx-builder';
import { convertIdentity, convertPad, convertReshape } from './shape-ops';

export interface ConvertOptions {
  graphName: string;
  /** Rename signature inputs/outputs (keys as in the TF.js signature, e.g. "input:0" or "output_mesh"). */
  rename?: Record<string, string>;
  docString?: string;
  props?: Record<string, string>;
}

/** opset 13: Pad/Clip take their parameters as inputs; onnxruntime-node 1.30 runs it. */
export const OPSET = 13;

type Mapper = (node: TfNode, ctx: ConversionContext) => void;

const MAPPERS: Record<string, Mapper> = {
  Const: () => {}, // read from the weights when a consumer needs them
  Placeholder: () => {}, // declared as a graph input below
  NoOp: () => {},
  Identity: convertIdentity,
  Conv2D: (n, c) => convertConv(n, c, false),
  _FusedConv2D: (n, c) => convertConv(n, c, false),
  DepthwiseConv2dNative: (n, c) => convertConv(n, c, true),
  FusedDepthwiseConv2dNative: (n, c) => convertConv(n, c, true),
  MaxPool: (n, c) => convertPool(n, c, 'MaxPool'),
  AvgPool: (n, c) => convertPool(n, c, 'AveragePool'),
  Relu: convertActivation,
  Relu6: convertActivation,
  Elu: convertActivation,
  Prelu: convertActivation,
  Sigmoid: convertActivation,
  Tanh: convertActivation,
  Pad: convertPad,
  PadV2: convertPad,
  Reshape: convertReshape,
  MatMul: convertFusedMatMul,
  _FusedMatMul: convertFusedMatMul,
  Mean: convertMean,
  Softmax: convertSoftmax,
};

/**
 * Converts a TF.js graph model (as read by readGraphModel) to a serialised ONNX model. Inputs and outputs
 * keep TF's NHWC layout; inside, activations run channels-first (see conversion-context.ts).
 */
export function convertGraphModel(graph: TfGraph, options: ConvertOptions): Uint8Array {
  const onnx = new OnnxGraphBuilder();
  const ctx = new ConversionContext(graph, onnx);
  const rename = (key: string) => options.rename?.[key] ?? key.replace(/:0$/, '');
  const byName = new Map(graph.nodes.map((n) => [n.name, n]));
  [...graph.inputs, ...graph.outputs].forEach((io) => onnx.reserve(rename(io.key)));

  for (const input of graph.inputs) {
    const node = byName.get(input.tensor.replace(/:0$/, ''));
    if (node?.op !== 'Placeholder') throw new Error(`input ${input.key} is not a Placeholder`);
    const shape = (node.attr?.shape?.shape?.dim ?? []).map((d) => Number(d.size));
    const name = rename(input.key);
    onnx.addInput(name, shape);
    ctx.set(node.name, { name, layout: 'tf', shape });
  }
  for (const node of topologicalOrder(graph.nodes)) {
    const mapper = MAPPERS[node.op] ?? (isBinary(node.op) ? convertBinary : undefined);
    if (!mapper) throw new Error(`${node.name}: TF op ${node.op} has no ONNX mapping`);
    mapper(node, ctx);
  }
  for (const output of graph.outputs) {
    const value = ctx.input({ name: output.key, op: 'output', input: [output.tensor] }, 0);
    const name = rename(output.key);
    onnx.addOutput(name, value.shape);
    onnx.addNode('Identity', [ctx.asTf(value)], {}, name, name);
  }
  return onnx.encode({
    graphName: options.graphName,
    opset: OPSET,
    docString: options.docString ?? '',
    props: options.props ?? {},
  });
}

/** GraphDef node lists are not guaranteed to be ordered; ONNX requires producers before consumers. */
function topologicalOrder(nodes: TfNode[]): TfNode[] {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const done = new Set<string>();
  const order: TfNode[] = [];
  const visit = (node: TfNode) => {
    const stack: [TfNode, number][] = [[node, 0]];
    while (stack.length) {
      const top = stack[stack.length - 1];
      const [current, i] = top;
      if (done.has(current.name)) {
        stack.pop();
        continue;
      }
      const inputs = current.input ?? [];
      if (i < inputs.length) {
        top[1]++;
        const dep = byName.get(inputs[i].replace(/^\^/, '').replace(/:\d+$/, ''));
        if (dep && !done.has(dep.name)) stack.push([dep, 0]);
      } else {
        done.add(current.name);
        order.push(current);
        stack.pop();
      }
    }
  };
  nodes.forEach(visit);
  return order;
}
