import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { events } from '../db/schema.ts';
import type { FaceSearchIndex } from './face-search.service.ts';
import type { FacesService } from './faces.service.ts';

/**
 * The face search's view of the face index (issue 30): the event's setting and its indexed faces from the
 * database; a selfie described by the face worker process (faces.service describeImage), never in the server.
 */
export function faceIndexOf(db: Db, faces: Pick<FacesService, 'describeImage' | 'facesOfEvent' | 'warmWorker'>): FaceSearchIndex {
  return {
    enabled: (eventId) => db.select({ on: events.faceSearch }).from(events).where(eq(events.id, eventId)).get()?.on === true,
    describe: (image) => faces.describeImage(image),
    warm: () => faces.warmWorker(),
    facesOf: (eventId) => faces.facesOfEvent(eventId),
  };
}
