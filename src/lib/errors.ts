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
  /** Einwegkamera: the guest's shots are taken */
  'SHOTS_USED_UP',
  'S3_NOT_CONFIGURED',
  'PUSH_RUNNING',
  'GALLERY_RUNNING',
  'IMPORT_RUNNING',
  /** face search (issue 30): the event has it off */
  'FACE_SEARCH_OFF',
  // 422: an event bundle to import is broken or partial
  'BUNDLE_BROKEN',
  /** face search: a selfie without exactly one sharp face */
  'SELFIE_UNUSABLE',
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
  // 502: the S3 store refused or could not be reached
  'S3_CHECK_FAILED',
  // 503: the face worker (issue 30) cannot start or failed; the gallery is not affected
  'FACE_ENGINE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The message variants of each code: filled in by src/i18n/messages.de.ts (declaration merging), so a variant the
 * dictionaries lack fails the type check while lib knows nothing of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ErrorVariants {}
/** A message of `C`: 'default' or one of its variants in the dictionaries. */
export type VariantOf<C extends ErrorCode> = C extends keyof ErrorVariants ? ErrorVariants[C] : string;

/**
 * An answer with its status and `{ error, code, ...details }`. The error text is the message `variant` of `code`
 * in the request's language (src/i18n, at the HTTP layer); `details` go into the body and the message may name them.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly status: number,
    readonly code: C,
    readonly variant: VariantOf<C> = 'default' as VariantOf<C>,
    readonly details: Record<string, unknown> = {},
  ) {
    super(`${code} ${variant}`);
    this.name = 'AppError';
  }
}

/** A message of VALIDATION_ERROR, as a zod schema's message (src/http/openapi.ts parseWith answers it). */
export const problem = (variant: VariantOf<'VALIDATION_ERROR'>): string => variant;

export const badRequest = (variant: VariantOf<'VALIDATION_ERROR'>, details?: Record<string, unknown>) =>
  new AppError(400, 'VALIDATION_ERROR', variant, details);
export const unauthorized = (variant: VariantOf<'UNAUTHORIZED'> = 'default') => new AppError(401, 'UNAUTHORIZED', variant);
export const forbidden = (variant: VariantOf<'FORBIDDEN'> = 'default') => new AppError(403, 'FORBIDDEN', variant);
export const notFound = (variant: VariantOf<'NOT_FOUND'> = 'default') => new AppError(404, 'NOT_FOUND', variant);
export const conflict = <C extends ErrorCode>(code: C, details?: Record<string, unknown>) =>
  new AppError(409, code, 'default' as VariantOf<C>, details);
