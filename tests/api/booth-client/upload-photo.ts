// A photo booth's upload through a client generated from docs/openapi.json: the types by openapi-typescript
// (openapi.gen.ts, made by generate-types.ts), the calls by openapi-fetch. What an integrator would write;
// tests/api/generated-client.test.ts generates the types, type-checks this file against them and runs it.
import createClient from 'openapi-fetch';
import type { paths } from './openapi.gen.ts';

/** Uploads `photo` into the event with the booth's API key (X-API-Key); the answer as the client types it. */
export async function uploadPhoto(baseUrl: string, apiKey: string, eventId: number, photo: File) {
  const client = createClient<paths>({ baseUrl });
  const { data, error, response } = await client.POST('/api/event/{eventId}/upload', {
    params: { path: { eventId } },
    headers: { 'X-API-Key': apiKey },
    body: { file: photo, autoApprove: 'true' },
    bodySerializer: (body) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value);
      return form;
    },
  });
  return { status: response.status, upload: data?.upload ?? null, error: error ?? null };
}
