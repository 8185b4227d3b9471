/**
 * TF's window padding rules as explicit ONNX pads. Explicit pads (not auto_pad) so the file says exactly
 * what TF did: SAME puts the odd extra pixel at the end (bottom/right).
 */
export interface Window {
  kernel: [number, number];
  strides: [number, number];
  dilations: [number, number];
  padding: 'SAME' | 'VALID' | 'EXPLICIT';
  /** For EXPLICIT: NHWC pairs [n0, n1, h0, h1, w0, w1, c0, c1]. */
  explicit?: number[];
}

export interface WindowResult {
  /** ONNX order: [top, left, bottom, right]. */
  pads: number[];
  outSize: [number, number];
}

export function windowGeometry(inSize: [number, number], w: Window): WindowResult {
  const begin: number[] = [];
  const end: number[] = [];
  const out: number[] = [];
  for (let axis = 0; axis < 2; axis++) {
    const size = inSize[axis];
    const stride = w.strides[axis];
    const span = (w.kernel[axis] - 1) * w.dilations[axis] + 1;
    if (!(size > 0)) throw new Error('window op needs static spatial sizes');
    if (w.padding === 'SAME') {
      const o = Math.ceil(size / stride);
      const total = Math.max((o - 1) * stride + span - size, 0);
      begin.push(Math.floor(total / 2));
      end.push(total - Math.floor(total / 2));
      out.push(o);
    } else {
      const [b, e] = w.padding === 'EXPLICIT' ? [w.explicit?.[2 + 2 * axis] ?? 0, w.explicit?.[3 + 2 * axis] ?? 0] : [0, 0];
      begin.push(b);
      end.push(e);
      out.push(Math.floor((size + b + e - span) / stride) + 1);
    }
  }
  return { pads: [begin[0], begin[1], end[0], end[1]], outSize: [out[0], out[1]] };
}
