import type { HeadPose, Point3 } from './face-types';
import { MESH } from './mesh-indices';

type Vec = [number, number, number];

/**
 * Head pose from the mesh's own 3-D points (x right, y down, z away from the camera, one scale).
 * The face's x axis is the mean of left−right landmark pairs, its y axis forehead→chin made orthogonal
 * to x; the nose points along −(x × y). In image terms:
 *   yaw   > 0: the nose turns towards the image's right;
 *   pitch > 0: the nose tilts up;
 *   roll  > 0: the face turns clockwise as displayed (the image-right eye drops).
 */
export function headPose(points: Point3[]): HeadPose {
  const v = (i: number): Vec => [points[i].x, points[i].y, points[i].z];
  let xAxis: Vec = [0, 0, 0];
  for (const [subjectRight, subjectLeft] of MESH.symmetricPairs) {
    xAxis = add(xAxis, unit(sub(v(subjectLeft), v(subjectRight))));
  }
  xAxis = unit(xAxis);
  const down = sub(v(MESH.chin), v(MESH.foreheadTop));
  const yAxis = unit(sub(down, scale(xAxis, dot(down, xAxis))));
  const nose = scale(cross(xAxis, yAxis), -1);
  const deg = 180 / Math.PI;
  return {
    yaw: Math.atan2(nose[0], -nose[2]) * deg,
    pitch: Math.atan2(-nose[1], Math.hypot(nose[0], nose[2])) * deg,
    roll: Math.atan2(xAxis[1], xAxis[0]) * deg,
  };
}

const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: Vec): Vec => scale(a, 1 / (Math.hypot(...a) || 1));
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
