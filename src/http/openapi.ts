// Request schemas and the OpenAPI document, from the same zod schemas.
//
// Library: hono-openapi. It adds `describeRoute(...)` and `validator(...)` as ordinary Hono middleware to the
// routes as they are, and builds the OpenAPI 3.1 document from the app's routes at request time. That lets
// the route modules move over one by one while others keep adding plain routes (which are still listed),
// unlike @hono/zod-openapi, whose OpenAPIHono/createRoute would mean rewriting every module at once. zod v4
// schemas go through its Standard Schema support; @hono/zod-validator would validate but write no document.
import type { Hono, MiddlewareHandler } from 'hono';
import { describeRoute, generateSpecs, resolver } from 'hono-openapi';
import { z } from 'zod';
import { notFound, problem } from '../lib/errors.ts';
import { parseWith } from '../lib/parse.ts';
import { readJson } from './body.ts';
import { parseId, type Ctx, type Env } from './context.ts';
import { ApiErrorSchema } from './schemas/responses.schemas.ts';

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is invalid (`code` VALIDATION_ERROR, `field` names the field)',
  401: 'No or bad credentials',
  403: 'Known, but not allowed',
  404: 'Not found (or not theirs)',
  409: 'Duplicate or name taken',
  413: 'Too large (`maxSizeBytes`)',
  429: 'Too many attempts',
};

const errorResponse = (status: number) => ({
  description: ERROR_TEXT[status] ?? 'Error',
  content: { 'application/json': { schema: resolver(ApiErrorSchema) } },
});

/** A JSON answer, described by its schema (src/http/schemas/responses.schemas.ts). */
export const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

/** An answer that is not JSON (a file, a ZIP, a page, a stream): its media types. */
export const bytes = (description: string, types: string[], schema: object = { type: 'string', format: 'binary' }) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema }])),
});

/** A redirect: the target is in `Location`. */
export const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where the client goes next', schema: { type: 'string' } } },
});

type Answer = ReturnType<typeof answer> | ReturnType<typeof bytes> | ReturnType<typeof redirect>;

/**
 * How each caller proves who they are (DESIGN.md's roles), as OpenAPI security schemes. The host's client
 * token travels in the path of the /api/client/... calls, which OpenAPI cannot name as a credential: the
 * scheme `hostToken` stands for it (and is what the live stream takes as `?clientToken=`).
 */
const SECURITY_SCHEMES = {
  adminBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin session: `Authorization: Bearer <token>` with the token of POST /api/admin/login',
  },
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    description: "A photo booth's API key (created in the dashboard) as `Authorization: Bearer <key>`",
  },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: "A photo booth's API key in the header X-API-Key" },
  guestCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'event_{code}',
    description:
      "A guest: the cookie `event_{code}` (one per event, named with the event's code) that POST /api/event/{code}/consent sets; it holds the guest's user id",
  },
  hostToken: {
    type: 'apiKey',
    in: 'query',
    name: 'clientToken',
    description:
      "The couple (the event's host): the client token of the settings link the admin hands out. The /api/client/... calls take it as their `{token}` path segment, the live stream as `?clientToken=`.",
  },
} as const;

/** Who may call an operation: anyone (no credential), or the holder of one of these credentials. */
export type Caller = 'anyone' | 'guest' | 'host' | 'admin' | 'apiKey';
const REQUIREMENTS: Record<Caller, Record<string, []>[]> = {
  anyone: [{}],
  guest: [{ guestCookie: [] }],
  host: [{ hostToken: [] }],
  admin: [{ adminBearer: [] }],
  apiKey: [{ apiKeyBearer: [] }, { apiKeyHeader: [] }],
};
type Tag = 'guest' | 'host' | 'admin' | 'uploads' | 'appliance';
/** Who calls the operations of a tag, unless an operation says otherwise (`callers`). */
const TAG_CALLERS: Record<Tag, Caller[]> = {
  guest: ['anyone', 'guest', 'admin'],
  host: ['host'],
  admin: ['admin'],
  uploads: ['guest', 'admin', 'apiKey'],
  appliance: ['anyone'],
};

/** Path or query parameters as OpenAPI lists them, from the keys of a zod object (what is sent: `io: input`). */
function parameters(schema: z.ZodObject, location: 'path' | 'query'): object[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { $schema: _dialect, description, ...json } = z.toJSONSchema(field as z.ZodType, { io: 'input', unrepresentable: 'any' });
    return {
      name,
      in: location,
      required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: json,
    };
  });
}

/**
 * One route's contract: its description for the OpenAPI document (`doc`, the first middleware of the route:
 * path parameters, query, body, the success answer's schema and the errors) and the readers of its path,
 * body and query, typed by the same schemas. A body or query reader answers 400 VALIDATION_ERROR with the
 * schema's message and the field; the path reader 404 NOT_FOUND.
 */
export function endpoint<
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodObject = z.ZodObject<Record<string, never>>,
  P extends z.ZodObject = z.ZodObject<Record<string, never>>,
  F extends z.ZodType = z.ZodNever,
>(opts: {
  summary: string;
  tag: Tag;
  /** who may call it (the OpenAPI `security`), when not the tag's usual callers (TAG_CALLERS) */
  callers?: Caller[];
  description?: string;
  /** the path parameters (src/http/schemas/params.schemas.ts); one that does not fit answers 404 */
  params?: P;
  body?: B;
  query?: Q;
  /** a form sent as multipart (the spec's way, with files) or as JSON; read by the route's own reader */
  form?: F;
  /** the media types the form comes as, when not multipart or JSON (a plain HTML form) */
  formTypes?: string[];
  /** the success answer: answer(), bytes() or redirect() */
  ok: Answer;
  status?: 200 | 201 | 202 | 302 | 303;
  /** other answers that are not errors in the API's error shape (e.g. a degraded health report) */
  also?: Record<number, Answer>;
  errors?: number[];
}) {
  const responses: Record<string, unknown> = { [opts.status ?? 200]: opts.ok, ...opts.also };
  const implied = [...(opts.body || opts.query || opts.form ? [400] : []), ...(opts.params ? [404] : [])];
  for (const status of [...implied, ...(opts.errors ?? [])].sort()) responses[status] = errorResponse(status);
  const form = opts.form && resolver(opts.form);
  const doc = describeRoute({
    summary: opts.summary,
    description: opts.description,
    tags: [opts.tag],
    security: (opts.callers ?? TAG_CALLERS[opts.tag]).flatMap((caller) => REQUIREMENTS[caller]),
    responses,
    ...(opts.body ? { requestBody: { required: true, content: { 'application/json': { schema: resolver(opts.body) } } } } : {}),
    ...(form
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (opts.formTypes ?? ['multipart/form-data', 'application/json']).map((type) => [type, { schema: form }]),
            ),
          },
        }
      : {}),
    ...(opts.params || opts.query
      ? { parameters: [...(opts.params ? parameters(opts.params, 'path') : []), ...(opts.query ? parameters(opts.query, 'query') : [])] }
      : {}),
  } as Parameters<typeof describeRoute>[0]) as MiddlewareHandler<Env>;
  return {
    doc,
    /** The JSON body, checked (not JSON or not an object: the API's usual 400). */
    body: async (c: Ctx): Promise<z.output<B>> => parseWith(opts.body!, await readJson(c)),
    /** The JSON body read with another schema, for a caller whose contract differs (described in `description`). */
    bodyAs: async <S extends z.ZodType>(c: Ctx, schema: S): Promise<z.output<S>> => parseWith(schema, await readJson(c)),
    query: (c: Ctx): z.output<Q> => parseWith(opts.query!, c.req.query()),
    /** A form the route has read itself (multipart or urlencoded), checked. */
    form: (value: unknown): z.output<F> => parseWith(opts.form!, value),
    /** The path parameters, checked: one that does not fit names nothing (404, as an unknown id). */
    params: (c: Ctx): z.output<P> => {
      const result = opts.params!.safeParse(c.req.param());
      if (!result.success) throw notFound();
      return result.data;
    },
  };
}

/** Routes not yet described by endpoint() are listed with a plain answer, so the document stays valid OpenAPI. */
function describeBareOperations(paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>) {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      operation.responses ??= {};
      if (Object.keys(operation.responses).length === 0) operation.responses['200'] = {};
      for (const response of Object.values(operation.responses)) response.description ??= 'See docs/api.md';
    }
  }
}

/** A positive integer id sent as a JSON number or as text (query strings, forms); `message` when it is none. */
export const id = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => parseId(v))
    .refine((v) => v !== null, message)
    .transform((v) => v!);

/** An optional id in a query string: absent or empty is none. */
export const optionalQueryId = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : parseId(v)))
    .refine((v) => v !== null, problem('invalidField'))
    .transform((v) => v ?? undefined);

/** The OpenAPI 3.1 document of every route of `app`, built from the routes' schemas (GET /api/openapi.json). */
export async function openApiDocument(app: Hono<Env>, version: string): Promise<object> {
  const document = await generateSpecs(app, {
    documentation: {
      openapi: '3.1.0',
      // Every box has its own address (or name, e.g. http://fotos.box in captive-portal mode): paths are relative to it.
      servers: [{ url: '/', description: 'The Momentbox box that serves this document' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      info: {
        title: 'Momentbox API',
        version,
        description:
          'The HTTP API of Momentbox (see docs/api.md for the rules in words). Errors are `{ error, code, ...details }`. ' +
          'Admins send `Authorization: Bearer <token>`, photo booths an API key as Bearer or `X-API-Key`, hosts the client token in the path, guests the cookie `event_{code}` (the security schemes; each operation names who may call it).',
      },
    },
    // Every route is listed, also those not yet described; the web app's catch-all and middleware are not routes.
    includeEmptyPaths: true,
    excludeStaticFile: false,
    exclude: [/\*/],
    // 400 answers are listed per route by endpoint(); the library's own validators are not used.
    defaultValidationErrorResponse: false,
  });
  describeBareOperations(document.paths as Parameters<typeof describeBareOperations>[0]);
  return document;
}
