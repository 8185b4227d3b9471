import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import type { RegionMasks, RgbImage } from '../types.js';
import { reduceFeatures, type SkinFeatures } from './features.js';
import {
  SKIN_INPUT_NAME,
  SKIN_INPUT_SIZE,
  SKIN_MODEL_FILE,
  SKIN_OUTPUT_NAMES,
  SKIN_OUTPUTS,
  type SkinMaps,
  type SkinOutputName,
} from './model-spec.js';

export interface SkinModelOptions {
  /** Folder holding skin.onnx (built by models/build/skin-model.ts). */
  modelDir: string;
  /** Intra-op threads for onnxruntime; 1 by default (one Lambda vCPU, predictable latency). */
  threads?: number;
}

export interface SkinModel {
  /** The version stored in the model file's metadata, e.g. "skin-v1.0.0". */
  readonly version: string;
  /** Runs the graph on an S×S crop (S = 256) and returns the raw per-pixel maps. */
  maps(crop: RgbImage): Promise<SkinMaps>;
  /** Runs the graph and reduces the maps to per-region, per-marker features. */
  measure(crop: RgbImage, regions: RegionMasks): Promise<SkinFeatures & { version: string }>;
  close(): Promise<void>;
}

export class SkinInputError extends Error {
  override readonly name = 'SkinInputError';
}

/** RGB interleaved 8-bit → float32 NCHW 0..1. */
export function toInputTensor(crop: RgbImage): Float32Array {
  const n = crop.width * crop.height;
  const out = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    out[i] = crop.data[3 * i]! / 255;
    out[n + i] = crop.data[3 * i + 1]! / 255;
    out[2 * n + i] = crop.data[3 * i + 2]! / 255;
  }
  return out;
}

function checkInputs(crop: RgbImage, regions?: RegionMasks): void {
  const S = SKIN_INPUT_SIZE;
  if (crop.width !== S || crop.height !== S) {
    throw new SkinInputError(`Expected a ${S}×${S} face crop for crop, but received ${crop.width}×${crop.height}`);
  }
  if (crop.data.length !== S * S * 3) {
    throw new SkinInputError(`Expected ${S * S * 3} bytes of RGB for crop.data, but received ${crop.data.length}`);
  }
  if (regions && regions.size !== S) {
    throw new SkinInputError(`Expected region masks of size ${S} for regions.size, but received ${regions.size}`);
  }
}

/**
 * Loads the skin model once; `measure` can then be called many times (calls are serialised by onnxruntime).
 *
 * @example
 *   const model = await createSkinModel({ modelDir: 'models/generated' });
 *   const features = await model.measure(crop, centerRegions(crop));
 *   const markers = scoreMarkers(features, MARKER_NAMES, getManifest());
 */
export async function createSkinModel(options: SkinModelOptions): Promise<SkinModel> {
  const bytes = new Uint8Array(await readFile(join(options.modelDir, SKIN_MODEL_FILE)));
  const version = readVersion(bytes);
  const session = await ort.InferenceSession.create(bytes, {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    // 'basic' (constant folding, redundant nodes): the 'all' level's NCHWc layout made this graph of depthwise
    // filters ≈ 20 % slower (reordering every filter bank's input and output), unlike the face models.
    graphOptimizationLevel: 'basic',
  });
  const missing = SKIN_OUTPUT_NAMES.filter((name) => !session.outputNames.includes(name));
  if (missing.length > 0) throw new Error(`skin.onnx lacks outputs ${missing.join(', ')}: rebuild the model`);

  async function maps(crop: RgbImage): Promise<SkinMaps> {
    checkInputs(crop);
    const S = SKIN_INPUT_SIZE;
    const input = new ort.Tensor('float32', toInputTensor(crop), [1, 3, S, S]);
    const result = await session.run({ [SKIN_INPUT_NAME]: input });
    const out = {} as SkinMaps;
    for (const name of SKIN_OUTPUT_NAMES) {
      const tensor = result[name]!;
      const expected = SKIN_OUTPUTS[name as SkinOutputName].length * S * S;
      const data = tensor.data as Float32Array;
      if (data.length !== expected) throw new Error(`skin.onnx output ${name}: ${data.length} values, expected ${expected}`);
      out[name] = data;
    }
    input.dispose();
    return out;
  }

  return {
    version,
    maps,
    async measure(crop, regions) {
      checkInputs(crop, regions);
      return { ...reduceFeatures(await maps(crop), regions), version };
    },
    async close() {
      await session.release();
    },
  };
}

/** The `version` metadata entry the builder wrote into the model file. */
function readVersion(bytes: Uint8Array): string {
  const model = onnxProto.onnx.ModelProto.decode(bytes);
  const entry = model.metadataProps.find((p) => p.key === 'version');
  if (!entry?.value) throw new Error('skin.onnx has no version metadata: rebuild the model');
  return entry.value;
}
