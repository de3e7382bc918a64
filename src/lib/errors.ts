// The one error type the HTTP layer turns into `{ error, code, ...details }` with its status.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
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
export const forbidden = (message = 'Keine Berechtigung', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Nicht gefunden') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) =>
  new AppError(409, code, message, details);
