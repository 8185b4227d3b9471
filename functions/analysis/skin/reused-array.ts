/**
 * A typed array one synchronous function reuses from call to call: grown to the largest length asked, never shrunk,
 * and handed out as a view of its first `length` values. A fresh 256² map per call was a measurable share of the skin
 * stage's JavaScript (docs/performance.md, Sessions 7–11). What a call leaves in it is there on the next call, so
 * each user says how it keeps that right (clears what it marked, or writes every value it reads). No call may run
 * inside another user of the same array (nothing here awaits).
 *
 * @example
 *   const marks = reusedArray((n) => new Uint8Array(n));
 *   const seen = marks(size * size); // all 0: every caller clears the pixels it marked before returning
 */
export function reusedArray<T extends Uint8Array | Float32Array>(make: (length: number) => T): (length: number) => T {
  let buffer = make(0);
  return (length) => {
    if (buffer.length < length) buffer = make(length);
    return buffer.subarray(0, length) as T;
  };
}
