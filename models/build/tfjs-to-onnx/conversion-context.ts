import type { ConstTensor, TfGraph, TfNode } from './graph-model';
import type { OnnxGraphBuilder } from './onnx-builder';

/**
 * TF graphs are NHWC; ONNX Conv/MaxPool are NCHW. Rather than wrapping every conv in two Transposes, each
 * 4-D activation is kept channels-first ('nchw') from the first conv on, and converted back only where
 * element order matters (Reshape, graph outputs). `shape` is always the TF (NHWC) shape; -1 = batch.
 */
export type Layout = 'nchw' | 'tf';

export interface Value {
  name: string;
  layout: Layout;
  shape: number[];
}

export const NHWC_TO_NCHW = [0, 3, 1, 2];
export const NCHW_TO_NHWC = [0, 2, 3, 1];

export class ConversionContext {
  private readonly values = new Map<string, Value>();
  private readonly converted = new Map<string, string>();

  constructor(
    readonly graph: TfGraph,
    readonly onnx: OnnxGraphBuilder,
  ) {}

  set(tfName: string, value: Value): void {
    this.values.set(tfName, value);
  }

  /** The activation feeding input `index` of `node`. */
  input(node: TfNode, index: number): Value {
    const ref = tensorRef(node.input?.[index] ?? '');
    const value = this.values.get(ref);
    if (!value) throw new Error(`${node.name}: input ${ref} is not an activation converted so far`);
    return value;
  }

  /** The constant feeding input `index` of `node` (weights, shapes, paddings). */
  constInput(node: TfNode, index: number): ConstTensor {
    const ref = tensorRef(node.input?.[index] ?? '').replace(/:0$/, '');
    const c = this.graph.weights.get(ref);
    if (!c) throw new Error(`${node.name}: input ${ref} is not a constant`);
    return c;
  }

  isConstInput(node: TfNode, index: number): boolean {
    return this.graph.weights.has(tensorRef(node.input?.[index] ?? '').replace(/:0$/, ''));
  }

  /** ONNX name of `v` channels-first (Transposes once and remembers). */
  asNchw(v: Value): string {
    if (v.layout === 'nchw') return v.name;
    if (v.shape.length !== 4) throw new Error(`${v.name}: expected a 4-D activation`);
    return this.transposeOnce(v.name, NHWC_TO_NCHW, 'to_nchw');
  }

  /** ONNX name of `v` in TF's own layout. */
  asTf(v: Value): string {
    return v.layout === 'tf' ? v.name : this.transposeOnce(v.name, NCHW_TO_NHWC, 'to_nhwc');
  }

  private transposeOnce(name: string, perm: number[], suffix: string): string {
    const key = `${name}|${suffix}`;
    let out = this.converted.get(key);
    if (!out) {
      out = this.onnx.addNode('Transpose', [name], { perm: { ints: perm } }, `${name}/${suffix}`);
      this.converted.set(key, out);
    }
    return out;
  }
}

/** "node", "node:0" → "node"; "node:1" kept; control inputs ("^node") are not data. */
export function tensorRef(input: string): string {
  return input.startsWith('^') ? '' : input.replace(/:0$/, '');
}

/** A constant broadcast against an NHWC activation, rearranged to broadcast against its NCHW twin. */
export function constToNchw(c: ConstTensor): { shape: number[]; data: Float32Array } {
  if (c.shape.length > 4) throw new Error('constant of rank > 4 next to a 4-D activation');
  const s = [...Array(4 - c.shape.length).fill(1), ...c.shape] as number[];
  const [n, h, w, ch] = s;
  const out = new Float32Array(c.data.length);
  for (let a = 0; a < n; a++)
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        for (let k = 0; k < ch; k++) out[((a * ch + k) * h + y) * w + x] = c.data[((a * h + y) * w + x) * ch + k];
  return { shape: [n, ch, h, w], data: out };
}
