import type { Box, Point, RgbImage } from '../types';
import type { Letterbox } from './letterbox';

/** A mesh landmark in image pixels; z is depth on the same scale as x (smaller = nearer the camera). */
export interface Point3 extends Point {
  z: number;
}

/** BlazeFace's six keypoints. Left/right are the subject's: in an unmirrored photo `rightEye` is on the image's left. */
export interface FaceKeypoints {
  rightEye: Point;
  leftEye: Point;
  noseTip: Point;
  mouth: Point;
  rightEar: Point;
  leftEar: Point;
}

export interface DetectedFace {
  /** Face box in image pixels; may reach past the image edge when the face is cut off. */
  box: Box;
  /** Detector score, 0..1. */
  confidence: number;
  keypoints: FaceKeypoints;
}

/** Head rotation in degrees; 0/0/0 = facing the camera upright. Signs are in image terms, see pose.ts. */
export interface HeadPose {
  yaw: number;
  pitch: number;
  roll: number;
}

/**
 * A square window on the image, possibly rotated: side `side` image pixels, centred on `center`, its x axis
 * pointing along angle `angle` (radians, image coordinates, y down). Sampled at N pixels, crop point (u, v)
 * is image point center + R(angle)·((u/N − ½)·side, (v/N − ½)·side).
 */
export interface SquareCrop {
  center: Point;
  side: number;
  angle: number;
}

export interface FaceLandmarks {
  /** The 468 MediaPipe Face Mesh points, canonical order, image pixels. */
  points: Point3[];
  /**
   * Face Mesh "face flag": probability that the crop holds a face, 0..1. Check it (≥ 0.5): BlazeFace alone
   * fires on some non-faces (a cat's face scored 0.74 there, 0.006 here).
   */
  confidence: number;
  /** Tight box around the points. */
  box: Box;
  pose: HeadPose;
  /** The eye-levelled window the mesh model last ran on. */
  crop: SquareCrop;
}

export interface FaceModels {
  /** Faces in the image, largest first (detector only; confirm with `landmarks().confidence`). */
  detect(image: RgbImage): Promise<DetectedFace[]>;
  /** The same on a BLAZEFACE_INPUT² letterbox of the photo (faces come back in the photo's pixels). */
  detectIn(box: Letterbox): Promise<DetectedFace[]>;
  landmarks(image: RgbImage, face: DetectedFace): Promise<FaceLandmarks>;
  /** Frees the onnxruntime sessions. */
  close(): Promise<void>;
}
