import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import { DomainError, notFound } from '../kernel/errors';
import { newId } from '../kernel/ids';
import type { Tenant } from '../kernel/tenant';
import type { MarkerName, MarkerResult } from '../analysis/contract';
import type { ScanStore } from '../scans/contract';
import { type EventPublisher, routineGeneratedEvent } from '../webhooks/contract';
import { generateRoutine, type MeasuredSkin } from './engine';
import type { RoutineRequest } from './request-schema';
import type { Routine } from './routine';
import type { RoutineStore } from './routine-store';

export interface CreateRoutineDeps {
  clock: Clock;
  scans: ScanStore;
  routines: RoutineStore;
  events: EventPublisher;
}

/**
 * A routine from a stored scan's results (or results sent as they are), stored, then announced with
 * routine.generated (whose id is derived from the routine, so a repeated publish is delivered once).
 */
export async function createRoutine(deps: CreateRoutineDeps, tenant: Tenant, request: RoutineRequest): Promise<Routine> {
  let markers: Partial<Record<MarkerName, MarkerResult>>;
  let skin: MeasuredSkin | undefined;
  let userId = request.user_id ?? null;
  if (request.scan_id) {
    const scan = await deps.scans.get(tenant, request.scan_id, { consistent: true });
    if (!scan) throw notFound(`Scan ${request.scan_id}`);
    if (scan.status !== 'completed') {
      throw new DomainError('scan_not_completed', `scan_id: scan ${scan.scan_id} is ${scan.status}; a routine needs a completed scan.`, [
        { param: 'scan_id', message: `the scan is ${scan.status}` },
      ]);
    }
    markers = scan.markers;
    // Skin type and tone measured on the scan (absent on scans stored before they were).
    skin = {
      ...(scan.skin_type ? { type: scan.skin_type.type, sensitive_prone: scan.skin_type.sensitive_prone } : {}),
      ...(scan.skin_tone ? { tone: scan.skin_tone.category } : {}),
    };
    userId ??= scan.user_id;
  } else {
    markers = request.markers as Partial<Record<MarkerName, MarkerResult>>;
  }

  const plan = generateRoutine({ markers, profile: request.profile, products: request.products, ...(skin ? { skin } : {}) });
  const now = deps.clock.now();
  const routine: Routine = {
    routine_id: newId('rtn', now),
    scan_id: request.scan_id ?? null,
    user_id: userId,
    created_at: isoTimestamp(now),
    markers,
    profile: request.profile ?? {},
    ...plan,
  };
  await deps.routines.create(tenant, routine);
  await deps.events.publish(tenant, routineGeneratedEvent(routine));
  return routine;
}
