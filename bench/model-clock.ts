/**
 * CPU time spent inside onnxruntime's session runs (BlazeFace, the Face Mesh passes, perceived age, the skin graph):
 * the part of an analysis that is the models themselves, which no change to the JavaScript around them can remove.
 * onnxruntime-node defers each run by a `setImmediate` whose callback calls the native, synchronous run (the
 * sessions are single-threaded), and the native prototype cannot be wrapped (its `run` is read-only). So the
 * callbacks onnxruntime schedules are timed: the process's CPU time across one is one run, tensors in and out
 * included. Timing the asynchronous public `run` instead would count whatever JavaScript ran while two runs were
 * pending (the skin graph and perceived age are awaited together). A bench-only wrap: the service never loads it.
 */
export function clockModelRuns(): { take(): number[]; restore(): void } {
  const original = globalThis.setImmediate;
  let runs: number[] = [];
  const timed = ((callback: (...args: unknown[]) => void, ...args: unknown[]) => {
    // The deferred native run in onnxruntime-node's backend.js reads its session from this private field.
    if (!String(callback).includes('OnnxruntimeSessionHandler_inferenceSession')) return original(callback, ...args);
    return original(() => {
      const start = process.cpuUsage();
      try {
        callback(...args);
      } finally {
        const used = process.cpuUsage(start);
        runs.push((used.user + used.system) / 1000);
      }
    });
  }) as typeof setImmediate;
  globalThis.setImmediate = Object.assign(timed, original);
  return {
    /** The CPU ms of each run since the last take, in the order they ran. */
    take() {
      const taken = runs;
      runs = [];
      return taken;
    },
    restore() {
      globalThis.setImmediate = original;
    },
  };
}
