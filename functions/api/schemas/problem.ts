import { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../../kernel/errors';
import { PROBLEM_TYPE_PATH } from '../problem';

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

/** RFC 9457 problem details, as functions/api/problem.ts writes them. */
export const problemSchema = z
  .looseObject({
    type: z.string().meta({
      description: `The API's base URL + \`${PROBLEM_TYPE_PATH}\` + the code: the code's entry in this deployment's reference page.`,
      examples: [`http://127.0.0.1:3000${PROBLEM_TYPE_PATH}unknown_marker`],
    }),
    title: z.string().meta({ description: "The code's title from the error catalogue." }),
    status: z.number().int().min(400).max(599),
    detail: z.string().meta({ description: 'What went wrong, naming the parameter, the expectation and what was received.' }),
    code: z.enum(ERROR_CODES).meta({ description: 'Stable, machine-readable; see the error catalogue.' }),
    request_id: z.string().meta({ description: 'The `Request-Id` of this response: quote it when you contact support.' }),
    errors: z
      .array(z.object({ param: z.string(), message: z.string() }))
      .meta({ description: 'One entry per failing parameter (may be empty).' }),
    scan_id: z
      .string()
      .optional()
      .meta({ description: 'On a 422 from POST /v1/scans whose photo failed a check: the stored `failed` scan.' }),
  })
  .meta({ description: 'An RFC 9457 problem (`application/problem+json`).' });
