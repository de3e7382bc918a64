import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, errorBody, type ErrorCode } from '../../lib/errors.ts';
import type { Env } from '../context.ts';

/** Every error becomes `{ error, code, ...details }`; unexpected ones are logged, never shown as a stack. */
export const onError: ErrorHandler<Env> = (err, c) => {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.details), err.status as 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code: ErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 401 ? 'UNAUTHORIZED' : 'VALIDATION_ERROR';
    const message = status === 413 ? 'Die Anfrage ist zu groß' : err.message || 'Ungültige Anfrage';
    return c.json({ error: message, code }, status);
  }
  c.get('deps')?.logger.error('request failed', { method: c.req.method, path: c.req.path, error: err, stack: err.stack });
  return c.json(errorBody('INTERNAL_ERROR', 'Interner Fehler. Bitte versuche es erneut.'), 500);
};

export const onApiNotFound: NotFoundHandler<Env> = (c) => c.json(errorBody('NOT_FOUND', 'Nicht gefunden'), 404);
