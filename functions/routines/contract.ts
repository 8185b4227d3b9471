/**
 * Routines: the routine record, its store port, the request schema and the engine's vocabulary, and creating a
 * routine. Everything else in this folder is internal to it.
 */
export { createRoutine } from './create-routine';
export { FREQUENCIES, STEP_KINDS } from './engine/types';
export { routineRequestSchema } from './request-schema';
export type { RoutineStore } from './routine-store';
export type { Routine } from './routine';
