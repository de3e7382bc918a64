// The one error type the HTTP layer turns into `{ error, code, ...details }` with its status.

/**
 * Every machine code the API answers with (the `code` of every error body). The web app maps some to its own
 * texts, and the OpenAPI document lists them (ApiErrorSchema): a code not listed here fails the type check.
 */
export const ERROR_CODES = [
  // 400
  'VALIDATION_ERROR',
  'INVALID_PASSWORD',
  'BAD_PATH',
  'UPLOAD_INCOMPLETE',
  // 401, 403: the permission table's refusals (src/domain/permissions.ts) and the request guards
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONSENT_REQUIRED',
  'API_KEY_UPLOAD_ONLY',
  'DOWNLOADS_DISABLED',
  'CROSS_SITE_REQUEST',
  'EVENT_NOT_STARTED',
  'EVENT_ENDED',
  'EVENT_EXPIRED',
  // 404, 408, 409
  'NOT_FOUND',
  'UPLOAD_STALLED',
  'REQUEST_TIMEOUT',
  'NAME_ALREADY_EXISTS',
  'CODE_ALREADY_EXISTS',
  'DUPLICATE',
  // 413, 415
  'FILE_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  // 429
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REQUESTS',
  'TOO_MANY_PARTIAL_UPLOADS',
  'TOO_MANY_STREAMS',
  'TOO_MANY_DOWNLOADS',
  // 500, 507
  'INTERNAL_ERROR',
  'INSUFFICIENT_STORAGE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error body for the few answers written without throwing (middleware before the error handler). */
export const errorBody = (code: ErrorCode, error: string, details: Record<string, unknown> = {}) => ({ error, code, ...details });

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError(400, 'VALIDATION_ERROR', message, details);
export const unauthorized = (message = 'Nicht angemeldet') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Keine Berechtigung', code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Nicht gefunden') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
