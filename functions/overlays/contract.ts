/**
 * Overlays: drawing an overlay PNG on request, its styles and alignments, and the source format the scan job
 * stores. Everything else in this folder is internal to it. (The analysis itself writes overlay-source.ts
 * directly: the two folders are frozen together this round, see docs/architecture.md.)
 */
export { getOverlay } from './get-overlay';
export { encodeOverlaySource } from './overlay-source';
export { OVERLAY_ALIGNMENTS, OVERLAY_STYLES } from './render-overlay';
