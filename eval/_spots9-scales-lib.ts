// Throwaway probe helper ([spots9]).
export function blur(src: Float32Array, size: number, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma); const k: number[] = []; let s = 0;
  for (let i = -r; i <= r; i++) { const v = Math.exp(-(i * i) / (2 * sigma * sigma)); k.push(v); s += v; }
  for (let i = 0; i < k.length; i++) k[i]! /= s;
  const tmp = new Float32Array(src.length), out = new Float32Array(src.length);
  const cl = (v: number) => Math.min(size - 1, Math.max(0, v));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * src[y * size + cl(x + i)]!; tmp[y * size + x] = a; }
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * tmp[cl(y + i) * size + x]!; out[y * size + x] = a; }
  return out;
}
