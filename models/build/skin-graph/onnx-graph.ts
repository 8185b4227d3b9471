import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

type AttrValue = number | number[] | string | { float: number } | { floats: number[] };

/** ONNX IR version 8 goes with opset 17 (onnx 1.12). */
const IR_VERSION = 8;
export const OPSET = 17;

/**
 * A small builder for static ONNX graphs: named float/int64 initializers and nodes, encoded as a ModelProto.
 * Integer JS numbers become INT/INTS attributes; wrap in `{ float }` / `{ floats }` for FLOAT/FLOATS.
 */
export class OnnxGraph {
  private readonly nodes: InstanceType<typeof onnx.NodeProto>[] = [];
  private readonly initializers: InstanceType<typeof onnx.TensorProto>[] = [];
  private readonly inputs: InstanceType<typeof onnx.ValueInfoProto>[] = [];
  private readonly outputs: InstanceType<typeof onnx.ValueInfoProto>[] = [];
  private readonly used = new Set<string>();
  private counter = 0;

  constructor(private readonly name: string) {}

  /** A fresh value name with a readable prefix. */
  fresh(prefix: string): string {
    let candidate = `${prefix}_${this.counter++}`;
    while (this.used.has(candidate)) candidate = `${prefix}_${this.counter++}`;
    this.used.add(candidate);
    return candidate;
  }

  input(name: string, dims: number[]): string {
    this.used.add(name);
    this.inputs.push(valueInfo(name, dims));
    return name;
  }

  /** Declares `value` a graph output named `name` (adds an Identity when the names differ). */
  output(name: string, value: string, dims: number[]): void {
    if (value !== name) {
      this.used.add(name);
      this.nodes.push(onnx.NodeProto.create({ opType: 'Identity', input: [value], output: [name], name: `out_${name}` }));
    }
    this.outputs.push(valueInfo(name, dims));
  }

  floatTensor(prefix: string, dims: number[], values: ArrayLike<number>): string {
    const count = dims.reduce((a, b) => a * b, 1);
    if (values.length !== count) throw new Error(`initializer ${prefix}: expected ${count} values, got ${values.length}`);
    const name = this.fresh(prefix);
    const raw = new Float32Array(Array.from(values));
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims,
        dataType: onnx.TensorProto.DataType.FLOAT,
        rawData: new Uint8Array(raw.buffer),
      }),
    );
    return name;
  }

  scalar(value: number): string {
    return this.floatTensor('c', [], [value]);
  }

  int64Tensor(prefix: string, values: number[]): string {
    const name = this.fresh(prefix);
    const raw = new BigInt64Array(values.map((v) => BigInt(v)));
    this.initializers.push(
      onnx.TensorProto.create({
        name,
        dims: [values.length],
        dataType: onnx.TensorProto.DataType.INT64,
        rawData: new Uint8Array(raw.buffer),
      }),
    );
    return name;
  }

  /** Adds one node with a single output and returns that output's name. */
  op(opType: string, inputs: string[], attrs: Record<string, AttrValue> = {}, prefix = opType.toLowerCase()): string {
    const out = this.fresh(prefix);
    this.nodes.push(
      onnx.NodeProto.create({
        opType,
        input: inputs,
        output: [out],
        name: `${out}_node`,
        attribute: Object.entries(attrs).map(([key, value]) => attribute(key, value)),
      }),
    );
    return out;
  }

  encode(metadata: Record<string, string>, docString: string): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: IR_VERSION,
      opsetImport: [{ domain: '', version: OPSET }],
      producerName: 'skin-analysis-service models/build',
      producerVersion: '1',
      docString,
      metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value })),
      graph: onnx.GraphProto.create({
        name: this.name,
        node: this.nodes,
        initializer: this.initializers,
        input: this.inputs,
        output: this.outputs,
      }),
    });
    return onnx.ModelProto.encode(model).finish();
  }
}

function valueInfo(name: string, dims: number[]) {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: onnx.TensorProto.DataType.FLOAT,
        shape: { dim: dims.map((d) => ({ dimValue: d })) },
      },
    },
  });
}

function attribute(name: string, value: AttrValue) {
  const T = onnx.AttributeProto.AttributeType;
  if (typeof value === 'string') return { name, type: T.STRING, s: new TextEncoder().encode(value) };
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`attribute ${name}: use { float } for non-integers`);
    return { name, type: T.INT, i: value };
  }
  if (Array.isArray(value)) return { name, type: T.INTS, ints: value };
  if ('float' in value) return { name, type: T.FLOAT, f: value.float };
  return { name, type: T.FLOATS, floats: value.floats };
}
