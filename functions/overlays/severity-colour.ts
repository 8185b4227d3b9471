import type { Severity } from '../analysis/contract';

/** The colour of each severity in overlays: the `regions` tint and the legend's swatch. */
export const SEVERITY_COLOUR: Record<Severity, readonly [number, number, number]> = { low: [46, 204, 113], moderate: [243, 156, 18], high: [231, 76, 60] };
