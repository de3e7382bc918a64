// For integrators (issue 32): a client generated from docs/openapi.json with openapi-typescript (types) and
// openapi-fetch (calls) uploads a photo with a photo booth's API key. The types are generated here from the
// checked-in document, so they cannot drift from it; tests/api/openapi.test.ts holds the document to the server.
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { UploadDto } from '../../src/http/api-types.ts';
import { ROOT } from '../helpers/server.ts';
import { PHOTO, useAppServer } from './support.ts';

const srv = useAppServer();
const CLIENT = join(import.meta.dir, 'booth-client');

async function run(cmd: string[]): Promise<string> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${cmd.join(' ')} exited with ${code}:\n${out}\n${err}`);
  return out;
}

describe('a client generated from docs/openapi.json', () => {
  test('type-checks and uploads a photo with an API key', async () => {
    const bun = join(ROOT, 'node_modules', '.bin', 'bun');
    await run([bun, join(CLIENT, 'generate-types.ts'), join(CLIENT, 'openapi.gen.ts')]);
    // The booth's code against the generated types: a call the document does not allow fails here.
    await run([join(ROOT, 'node_modules', '.bin', 'tsc'), '--noEmit', '-p', join(CLIENT, 'tsconfig.json')]);

    const event = await srv.admin.createEvent({ name: 'Fotobox-Client' });
    const { api_key } = await srv.admin.json<{ api_key: string }>('/api/admin/api-keys', {
      method: 'POST',
      json: { name: 'Generierte Fotobox' },
    });
    const { uploadPhoto } = await import(join(CLIENT, 'upload-photo.ts'));
    const photo = new File([await Bun.file(PHOTO).arrayBuffer()], 'fotobox.jpg', { type: 'image/jpeg' });
    const sent = await uploadPhoto(srv.url, api_key, event.id, photo);
    expect(sent).toMatchObject({
      status: 201,
      error: null,
      upload: { event_id: event.id, type: 'photo', original_name: 'fotobox.jpg', approved: true },
    });

    const listed = await srv.admin.json<UploadDto[]>(`/api/event/${event.id}/uploads`);
    expect(listed.map((u) => u.id)).toEqual([sent.upload.id]);
    // Without the key the same call is refused, as the document says.
    expect((await uploadPhoto(srv.url, 'kein-schluessel', event.id, photo)).status).toBe(401);
  });
});
