import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorMessage } from '../../i18n/index.ts';
import { AppError, type ErrorCode } from '../../lib/errors.ts';
import type { Env } from '../context.ts';
import { languageOf } from '../language.ts';

/** `{ error, code, ...details }` with the message in the request's language. */
export const errorAnswer = (c: Context<Env>, err: AppError) =>
  c.json({ error: errorMessage(languageOf(c), err.code, err.variant, err.details), code: err.code, ...err.details }, err.status as 400);

/** Every error becomes `{ error, code, ...details }`; unexpected ones are logged, never shown as a stack. */
export const onError: ErrorHandler<Env> = (err, c) => {
  if (err instanceof AppError) return errorAnswer(c, err);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_ERROR';
    return errorAnswer(c, new AppError(status, code));
  }
  c.get('deps')?.logger.error('request failed', { method: c.req.method, path: c.req.path, error: err, stack: err.stack });
  return errorAnswer(c, new AppError(500, 'INTERNAL_ERROR'));
};

export const onApiNotFound: NotFoundHandler<Env> = (c) => errorAnswer(c, new AppError(404, 'NOT_FOUND'));
