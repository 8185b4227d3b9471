/**
 * File and tensor names of the converted age model (HSE FaceRes, human's `faceres`): the contract between the
 * converter (models/build/perceived-age-model.ts) and functions/analysis/face/perceived-age.ts.
 */
export const PERCEIVED_AGE_IO = {
  file: 'perceived-age.onnx',
  input: 'input', // [N, 224, 224, 3] BGR, 0..255 minus the VGG channel means (the publisher's preprocessing)
  ages: 'age_probabilities', // [N, 100] softmax over ages 1..100 (index i = age i + 1)
  /** The TF.js graph's output for the ages; its gender and identity-descriptor outputs are not converted. */
  sourceOutput: 'age_pred/Softmax:0',
  sourceInput: 'input_1',
  size: 224,
} as const;
