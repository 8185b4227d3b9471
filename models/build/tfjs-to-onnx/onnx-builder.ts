import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;
type NodeProto = onnxProto.onnx.INodeProto;
type TensorProto = onnxProto.onnx.ITensorProto;
type ValueInfoProto = onnxProto.onnx.IValueInfoProto;

/** An ONNX attribute value, tagged because JS numbers cannot say int vs float. */
export type OnnxAttr = { i: number } | { f: number } | { ints: number[] } | { floats: number[] } | { s: string };

/** A dimension: a size, or -1 for one left symbolic (the batch). */
export type Dims = number[];

/** Accumulates one ONNX graph (nodes, initializers, typed inputs/outputs) and serialises it. */
export class OnnxGraphBuilder {
  private readonly nodes: NodeProto[] = [];
  private readonly initializers: TensorProto[] = [];
  private readonly inputs: ValueInfoProto[] = [];
  private readonly outputs: ValueInfoProto[] = [];
  private readonly names = new Set<string>();

  /** A name not used yet in this graph, derived from `hint` (TF node names are reused as hints). */
  uniqueName(hint: string): string {
    const base = hint.replace(/[^A-Za-z0-9_./-]/g, '_');
    let name = base;
    for (let n = 1; this.names.has(name); n++) name = `${base}_${n}`;
    this.names.add(name);
    return name;
  }

  addFloatInitializer(hint: string, dims: number[], data: Float32Array): string {
    const name = this.uniqueName(hint);
    const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
    this.initializers.push({ name, dims, dataType: onnx.TensorProto.DataType.FLOAT, rawData: raw });
    return name;
  }

  addInt64Initializer(hint: string, values: number[]): string {
    const name = this.uniqueName(hint);
    const raw = new Uint8Array(new BigInt64Array(values.map((v) => BigInt(v))).buffer);
    this.initializers.push({ name, dims: [values.length], dataType: onnx.TensorProto.DataType.INT64, rawData: raw });
    return name;
  }

  /** Keeps `name` free for a graph input/output added later under exactly that name. */
  reserve(name: string): void {
    if (this.names.has(name)) throw new Error(`name ${name} used twice`);
    this.names.add(name);
  }

  /** Adds a node with one output and returns that output's name (`exactOutput`: a reserved name). */
  addNode(opType: string, inputs: string[], attrs: Record<string, OnnxAttr> = {}, hint = opType, exactOutput?: string): string {
    const output = exactOutput ?? this.uniqueName(hint);
    this.nodes.push({
      opType,
      name: output,
      input: inputs,
      output: [output],
      attribute: Object.entries(attrs).map(([name, value]) => toAttribute(name, value)),
    });
    return output;
  }

  addInput(name: string, dims: Dims): void {
    this.inputs.push(floatValueInfo(name, dims));
  }

  addOutput(name: string, dims: Dims): void {
    this.outputs.push(floatValueInfo(name, dims));
  }

  encode(meta: { graphName: string; opset: number; docString: string; props: Record<string, string> }): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: 8, // ONNX 1.10 (what onnx-proto carries); onnxruntime reads it with opset 13
      producerName: 'skin-analysis tfjs-to-onnx',
      opsetImport: [{ domain: '', version: meta.opset }],
      docString: meta.docString,
      metadataProps: Object.entries(meta.props).map(([key, value]) => ({ key, value })),
      graph: {
        name: meta.graphName,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs,
        output: this.outputs,
      },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

function floatValueInfo(name: string, dims: Dims): ValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: dims.map((d) => (d < 0 ? { dimParam: 'batch' } : { dimValue: d })) },
      },
    },
  };
}

function toAttribute(name: string, value: OnnxAttr): onnxProto.onnx.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if ('i' in value) return { name, type: T.INT, i: value.i };
  if ('f' in value) return { name, type: T.FLOAT, f: value.f };
  if ('ints' in value) return { name, type: T.INTS, ints: value.ints };
  if ('floats' in value) return { name, type: T.FLOATS, floats: value.floats };
  return { name, type: T.STRING, s: new TextEncoder().encode(value.s) };
}
