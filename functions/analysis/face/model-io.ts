/**
 * File and tensor names of the converted face models: the contract between the converter
 * (models/build/face-models.ts) and this runtime.
 */
export const FACE_MODEL_IO = {
  blazeface: {
    file: 'blazeface.onnx',
    input: 'input', // [1, 256, 256, 3] RGB scaled to [-1, 1]
    scores16: 'scores_stride16', // [1, 512, 1] logits, anchors of the stride-16 grid
    scores32: 'scores_stride32', // [1, 384, 1] logits, stride-32 grid
    boxes16: 'boxes_stride16', // [1, 512, 16] cx, cy, w, h, 6 × keypoint (x, y); 256-input pixels from the anchor
    boxes32: 'boxes_stride32', // [1, 384, 16]
  },
  facemesh: {
    file: 'facemesh.onnx',
    input: 'input', // [N, 192, 192, 3] RGB scaled to [0, 1]
    mesh: 'output_mesh', // [N, 1404] = 468 × (x, y, z), 192-input pixels
    faceflag: 'output_faceflag', // [N, 1] probability (the graph ends in a sigmoid)
    contours: 'output_contours', // [N, 266], unused
  },
} as const;
