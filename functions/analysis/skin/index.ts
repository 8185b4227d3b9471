/** The skin measurement: model, features, calibration, fallback regions. See docs/markers.md. */
export { centerRegions, geometricRegions, locateFace, skinPixels, type FaceLayout } from './center-regions.js';
export { MARKER_REGIONS, MEASUREMENT, reduceFeatures, type SkinBaseline, type SkinFeatures, type SkinMaps } from './features.js';
export {
  getManifest,
  loadManifest,
  markerCatalogue,
  parseManifest,
  severityFor,
  ManifestError,
  type MarkerCatalogueEntry,
  type MarkerDefinition,
  type SkinManifest,
} from './manifest.js';
export { MARKER_NAMES, isMarkerName, type MarkerName, type MarkerResult, type Severity } from './markers.js';
export { createSkinModel, SkinInputError, type SkinModel, type SkinModelOptions } from './model.js';
export { SKIN_INPUT_SIZE, SKIN_MODEL_FILE, SKIN_OUTPUTS } from './model-spec.js';
export { calibrate, InsufficientSkinError, scoreMarkers, skinScore } from './scoring.js';
