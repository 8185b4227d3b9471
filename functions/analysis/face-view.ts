import { decodeView, fromView, toView, viewCovers, viewScale, type EncodedImage, type ImageView } from './decode-image';
import { BLAZEFACE_INPUT, letterboxEncoded, type DetectedFace, type FaceLandmarks, type FaceModels, type SquareCrop } from './face';
import { headPose } from './face/pose';
import { extractSquareCrop } from './face/crop-sampler';
import { shrinkJpegChroma } from './face/jpeg-chroma';
import { restorePrimaryLuma } from './face/jpeg-luma';
import { readJpegTables, type JpegTables } from './face/jpeg-tables';
import type { Box, RgbImage } from './types';

/**
 * How many view pixels the detector's face box spans when the photo has more. The aligned skin window is about
 * 1.5 face boxes (≈ 380 view pixels, so the 256-px crop takes 2 × 2 samples per pixel of a Lanczos-shrunk view)
 * and the mesh's first window 1.5 boxes (2 × 2 samples per pixel of its 192-px input). Scores of a face photo
 * enlarged 2×, 4× and 7× stayed within 1 point of each other at this size (docs/analysis.md). Photos with
 * smaller faces are used as they are.
 */
export const FACE_VIEW_PIXELS = 256;
/** Side of the decoded square around a face, in face boxes: covers the mesh windows and the skin window at any roll. */
const FACE_VIEW_MARGIN = 3;

/**
 * The face-finding side of one analysis on an encoded photo: the detector on a letterbox made while decoding,
 * and landmarks on a shrunk view around each face, returned in the photo's own pixels. Views are decoded once
 * and reused while they cover what is asked for.
 */
export class FaceFinder {
  private view: { scale: number; view: ImageView } | undefined;
  private tables: JpegTables | undefined | null = null;

  constructor(
    private readonly models: FaceModels,
    readonly source: EncodedImage,
  ) {}

  async detect(): Promise<DetectedFace[]> {
    const { bytes, width, height } = this.source;
    return this.models.detectIn(await letterboxEncoded(bytes, width, height, BLAZEFACE_INPUT));
  }

  /** The scale a face's views are decoded at (1 = the photo's own pixels). */
  scaleFor(face: DetectedFace): number {
    return Math.min(1, FACE_VIEW_PIXELS / Math.max(face.box.width, face.box.height));
  }

  async landmarks(face: DetectedFace): Promise<FaceLandmarks> {
    const scale = this.scaleFor(face);
    const side = FACE_VIEW_MARGIN * Math.max(face.box.width, face.box.height);
    const cx = face.box.x + face.box.width / 2;
    const cy = face.box.y + face.box.height / 2;
    const view = await this.viewOf(scale, { x: cx - side / 2, y: cy - side / 2, width: side, height: side });
    const k = face.keypoints;
    const inView: DetectedFace = {
      ...face,
      box: boxToView(view, face.box),
      keypoints: {
        rightEye: toView(view, k.rightEye),
        leftEye: toView(view, k.leftEye),
        noseTip: toView(view, k.noseTip),
        mouth: toView(view, k.mouth),
        rightEar: toView(view, k.rightEar),
        leftEar: toView(view, k.leftEar),
      },
    };
    const found = await this.models.landmarks(view.image, inView);
    const s = viewScale(view);
    const points = found.points.map((p) => ({ ...fromView(view, p), z: p.z / s }));
    return { ...found, points, box: bounds(points), pose: headPose(points), crop: cropFromView(view, found.crop) };
  }

  /**
   * The square window sampled at size×size from a view at the face's scale (decoding another view when the
   * current one does not cover the window).
   */
  async crop(face: DetectedFace, window: SquareCrop, size: number): Promise<RgbImage> {
    const half = (window.side / 2) * (Math.abs(Math.cos(window.angle)) + Math.abs(Math.sin(window.angle))) + 2;
    const area = { x: window.center.x - half, y: window.center.y - half, width: 2 * half, height: 2 * half };
    const view = await this.viewOf(this.scaleFor(face), area);
    return extractSquareCrop(this.skinPixels(view, area), cropToView(view, window), size);
  }

  /**
   * The view's pixels the skin crop is sampled from: in a JPEG seen at its own scale, the chroma of the blocks
   * under `area` moved towards the lower edge of their quantisation bins by the photo's own table
   * (face/jpeg-chroma.ts), so a re-save with coarser steps adds less chroma detail; a copy, so the detector and
   * landmark inputs stay as decoded. A shrunk view (faces over FACE_VIEW_PIXELS) is left as it is: its pixels no
   * longer sit on the photo's grid, and the shrink has already averaged the chroma blocks.
   */
  private skinPixels(view: ImageView, area: Box): RgbImage {
    if (this.tables === null) this.tables = readJpegTables(this.source.bytes);
    if (!this.tables?.chroma || view.scaleX !== 1 || view.scaleY !== 1) return view.image;
    const inView: Box = { x: Math.floor(area.x) - view.left, y: Math.floor(area.y) - view.top, width: Math.ceil(area.width) + 1, height: Math.ceil(area.height) + 1 };
    const origin = { x: view.left, y: view.top };
    const luma = restorePrimaryLuma(view.image, origin, inView, this.tables);
    return shrinkJpegChroma(luma.image, origin, inView, this.tables, luma.resaved);
  }

  private async viewOf(scale: number, area: Box): Promise<ImageView> {
    const current = this.view;
    if (current && current.scale === scale && viewCovers(current.view, this.source, area)) return current.view;
    const view = await decodeView(this.source, scale, area);
    this.view = { scale, view };
    return view;
  }
}

function boxToView(view: ImageView, box: Box): Box {
  const a = toView(view, box);
  return { x: a.x, y: a.y, width: box.width * view.scaleX, height: box.height * view.scaleY };
}

function cropToView(view: ImageView, crop: SquareCrop): SquareCrop {
  return { center: toView(view, crop.center), side: crop.side * viewScale(view), angle: crop.angle };
}

function cropFromView(view: ImageView, crop: SquareCrop): SquareCrop {
  return { center: fromView(view, crop.center), side: crop.side / viewScale(view), angle: crop.angle };
}

function bounds(points: { x: number; y: number }[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity; // prettier-ignore
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
