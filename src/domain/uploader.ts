import type { Viewer } from './permissions.ts';

/**
 * Whether the viewer uploaded this: a guest by their user id, an API key by its id, the admin for the
 * uploads made without either (admin uploads carry no guest or key).
 */
export function isUploader(upload: { userId: string | null; apiKeyId: number | null }, viewer: Viewer): boolean {
  switch (viewer.kind) {
    case 'guest':
      return upload.userId === viewer.userId;
    case 'apiKey':
      return upload.apiKeyId === viewer.apiKeyId;
    case 'admin':
      return upload.userId === null && upload.apiKeyId === null;
    default:
      return false;
  }
}
