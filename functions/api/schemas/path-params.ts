/**
 * Path parameters. A scan or routine id of the wrong shape is a 404 (never a database read: the routes declare
 * `malformedParamIsNotFound`); a bad user id a 400.
 */
import { z } from 'zod';
import { routineIdSchema, scanIdSchema, userIdSchema } from './common';

export const scanPathSchema = z.object({ scan_id: scanIdSchema });
export const routinePathSchema = z.object({ routine_id: routineIdSchema });
export const userPathSchema = z.object({ user_id: userIdSchema });
