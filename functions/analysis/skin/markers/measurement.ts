/** One marker's raw value (what the manifest's anchors map to a score; NaN when its regions hold no skin) and the components behind it. */
export interface MarkerMeasurement {
  value: number;
  details: Record<string, number>;
}
