import { DomainError } from '../kernel/errors';
import { MARKER_NAMES, isMarkerName, type MarkerName } from '../analysis/contract';

/**
 * The `markers` form field: comma-separated, trimmed, case-insensitive, de-duplicated, in catalogue order.
 * Omitted or blank means every marker.
 */
export function parseMarkers(raw: string | undefined): MarkerName[] {
  if (raw === undefined || raw.trim() === '') return [...MARKER_NAMES];
  const names = raw.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
  if (names.length === 0) {
    throw new DomainError('invalid_request', 'markers: the list names no marker; send marker names separated by commas, or omit the field for all of them.', [
      { param: 'markers', message: `names no marker; expected any of ${MARKER_NAMES.join(', ')}` },
    ]);
  }
  const unknown = names.filter((name) => !isMarkerName(name));
  if (unknown.length > 0) {
    const list = unknown.map((name) => JSON.stringify(name.slice(0, 40))).join(', ');
    throw new DomainError(
      'unknown_marker',
      `markers: unknown marker ${list}; valid markers are ${MARKER_NAMES.join(', ')}.`,
      [{ param: 'markers', message: `unknown ${list}; expected any of ${MARKER_NAMES.join(', ')}` }],
    );
  }
  return MARKER_NAMES.filter((name) => names.includes(name));
}
