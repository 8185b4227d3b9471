import * as ort from 'onnxruntime-node';

/** One thread per session: Lambda-sized CPUs, and benchmarks that measure one core honestly. */
export async function createSession(path: string): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(path, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
}

export async function runSingle(
  session: ort.InferenceSession,
  input: string,
  data: Float32Array,
  dims: number[],
): Promise<Record<string, Float32Array>> {
  const result = await session.run({ [input]: new ort.Tensor('float32', data, dims) });
  return Object.fromEntries(Object.entries(result).map(([name, t]) => [name, t.data as Float32Array]));
}
