import type { z } from 'zod';
import { badRequest, type VariantOf } from './errors.ts';

/**
 * The first problem of a request as the API answers it: 400 VALIDATION_ERROR with the schema's message, a variant
 * of the dictionaries (problem()); zod's own message (a wrong type) is none, so the answer names the field instead.
 */
function firstProblem(error: z.ZodError): never {
  const issue = error.issues[0];
  // The top-level key: `ids`, not `ids.3`, as the hand-written checks named it.
  const field = issue?.path[0] === undefined ? undefined : String(issue.path[0]);
  throw badRequest((issue?.message ?? 'default') as VariantOf<'VALIDATION_ERROR'>, field ? { field } : undefined);
}

/** `value` read with `schema`, or the API's 400 VALIDATION_ERROR naming the field (for the routes and the services that read forms). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) firstProblem(result.error);
  return result.data;
}
