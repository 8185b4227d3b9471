import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dequantizeFloat16 } from './float16';

/** One node of a TF.js graph model's `modelTopology.node` list (a TensorFlow GraphDef in JSON). */
export interface TfNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfAttr>;
}

export interface TfAttr {
  s?: string; // base64
  i?: string;
  f?: number;
  b?: boolean;
  type?: string;
  list?: { i?: string[]; s?: string[]; f?: number[] };
  shape?: { dim?: { size: string }[] };
  tensor?: unknown;
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32' | 'bool' | string;
  quantization?: { dtype: 'float16' | 'uint8' | 'uint16'; scale?: number; min?: number };
}

interface GraphModelJson {
  modelTopology: { node: TfNode[] };
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
  signature?: Signature;
  userDefinedMetadata?: { signature?: Signature };
}

interface Signature {
  inputs: Record<string, { name: string }>;
  outputs: Record<string, { name: string }>;
}

export interface ConstTensor {
  shape: number[];
  data: Float32Array | Int32Array;
}

export interface TfGraph {
  nodes: TfNode[];
  weights: Map<string, ConstTensor>;
  /** Signature key and graph tensor ("node:0") of each model input/output, in signature order. */
  inputs: { key: string; tensor: string }[];
  outputs: { key: string; tensor: string }[];
  /** The json and concatenated weight bytes as read, for loaders that want them untouched. */
  json: unknown;
  weightData: ArrayBuffer;
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1, float16: 2, uint8: 1, uint16: 2 };

/** Reads `model.json` and its shards; weights come out dequantised to float32 (or int32). */
export async function readGraphModel(jsonPath: string): Promise<TfGraph> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as GraphModelJson;
  const weights = new Map<string, ConstTensor>();
  const shards: Uint8Array[] = [];
  for (const group of json.weightsManifest) {
    const parts = await Promise.all(group.paths.map((p) => readFile(join(dirname(jsonPath), p))));
    const bytes = new Uint8Array(Buffer.concat(parts));
    shards.push(bytes);
    let offset = 0;
    for (const spec of group.weights) {
      const count = spec.shape.reduce((a, b) => a * b, 1);
      const stored = spec.quantization?.dtype ?? spec.dtype;
      const size = count * (BYTES[stored] ?? Number.NaN);
      if (!Number.isFinite(size)) throw new Error(`weight ${spec.name}: unsupported dtype ${stored}`);
      weights.set(spec.name, { shape: spec.shape, data: decodeWeight(spec, bytes.subarray(offset, offset + size)) });
      offset += size;
    }
  }
  const signature = json.signature ?? json.userDefinedMetadata?.signature;
  if (!signature) throw new Error(`${jsonPath}: no signature`);
  const list = (m: Signature['inputs']) => Object.entries(m).map(([key, v]) => ({ key, tensor: v.name }));
  const all = Buffer.concat(shards);
  return {
    nodes: json.modelTopology.node,
    weights,
    inputs: list(signature.inputs),
    outputs: list(signature.outputs),
    json,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
  };
}

function decodeWeight(spec: WeightSpec, bytes: Uint8Array): Float32Array | Int32Array {
  const copy = bytes.slice(); // aligned copy
  const q = spec.quantization;
  if (q?.dtype === 'float16') return dequantizeFloat16(copy);
  if (q?.dtype === 'uint8' || q?.dtype === 'uint16') {
    // Affine quantisation: value = q * scale + min.
    const raw = q.dtype === 'uint8' ? copy : new Uint16Array(copy.buffer);
    const out = new Float32Array(raw.length);
    for (let i = 0; i < raw.length; i++) out[i] = raw[i] * (q.scale ?? 1) + (q.min ?? 0);
    return spec.dtype === 'int32' ? Int32Array.from(out, Math.round) : out;
  }
  if (spec.dtype === 'float32') return new Float32Array(copy.buffer);
  if (spec.dtype === 'int32') return new Int32Array(copy.buffer);
  if (spec.dtype === 'bool') return Int32Array.from(copy);
  throw new Error(`weight ${spec.name}: unsupported dtype ${spec.dtype}`);
}
