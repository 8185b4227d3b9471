/**
 * Anchor centres of MediaPipe BlazeFace "back" (256×256): strides [16, 32, 32, 32] with fixed anchor size,
 * two anchors per 16×16 cell then the three stride-32 layers merged as six per 8×8 cell = 512 + 384 = 896.
 * Box offsets are in input pixels relative to these centres (MediaPipe x/y/w/h_scale = 256).
 */
export const BLAZEFACE_INPUT = 256;

export function blazefaceAnchors(): { x: number; y: number }[] {
  const anchors: { x: number; y: number }[] = [];
  for (const [stride, perCell] of [[16, 2], [32, 6]]) {
    const cells = BLAZEFACE_INPUT / stride;
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let n = 0; n < perCell; n++) anchors.push({ x: (x + 0.5) * stride, y: (y + 0.5) * stride });
  }
  return anchors;
}
