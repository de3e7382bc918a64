import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection.ts';
import { faceDrops, faceExclusions, faceSearchSelfies, type UploadRow } from '../db/schema.ts';
import { rankMatches, selfieFace, type Descriptor, type IndexedFace, type SelfieFace, type SelfieProblem } from '../domain/faces.ts';
import type { EventNow, Viewer } from '../domain/permissions.ts';
import { AppError } from '../lib/errors.ts';
import { descriptorBytes, descriptorFromBytes } from '../media/faces/protocol.ts';
import { authorize } from './authorize.ts';
import type { UploadsService } from './uploads.service.ts';

/** What the face search needs of the face index (issue 30's other half: media/faces, the faces table). */
export interface FaceSearchIndex {
  /** whether the event has 'Gesichtssuche' on */
  enabled(eventId: number): boolean;
  /** the faces of a picture, described by the face worker process (never in the server: its heap never shrinks) */
  describe(image: Uint8Array): Promise<SelfieFace[]>;
  /** every indexed face of the event's uploads */
  facesOf(eventId: number): IndexedFace[];
  /** gets the face worker going before a selfie arrives (its engine loads for seconds) */
  warm(): void;
}

const SELFIE_VARIANTS: Record<SelfieProblem, 'default' | 'severalFaces' | 'blurry'> = {
  noFace: 'default',
  severalFaces: 'severalFaces',
  blurry: 'blurry',
};

/**
 * 'Fotos von mir finden' (issue 30): a consented guest's selfie against the faces of the photos they see. Kept
 * per guest and event only what the guest chose: their selfie's descriptor ('remember me'), their 'Das bin ich
 * nicht' drops, their removal from everyone's results. The selfie's bytes are never written anywhere.
 */
export function createFaceSearchService(deps: { db: Db; uploads: UploadsService; index: FaceSearchIndex }) {
  const { db, uploads, index } = deps;

  /** The permission table's 'faceSearch' and the event's setting; the guest's id. */
  function guestOf(event: EventNow, viewer: Viewer): string {
    authorize(viewer, 'faceSearch', { eventId: event.id, eventStatus: event.status });
    if (!index.enabled(event.id)) throw new AppError(403, 'FACE_SEARCH_OFF');
    return viewer.kind === 'guest' ? viewer.userId : '';
  }

  /** The one face of the selfie, or the 422 saying why there is none to search with. */
  async function describeSelfie(image: Uint8Array): Promise<Descriptor> {
    const found = selfieFace(await index.describe(image));
    if ('problem' in found) throw new AppError(422, 'SELFIE_UNUSABLE', SELFIE_VARIANTS[found.problem]);
    return found.face.descriptor;
  }

  function matches(event: EventNow, viewer: Viewer, userId: string, selfie: Descriptor): UploadRow[] {
    const exclusions = db
      .select({ descriptor: faceExclusions.descriptor })
      .from(faceExclusions)
      .where(eq(faceExclusions.eventId, event.id))
      .all()
      .map((e) => descriptorFromBytes(e.descriptor));
    const dropped = new Set(
      db
        .select({ id: faceDrops.uploadId })
        .from(faceDrops)
        .where(and(eq(faceDrops.eventId, event.id), eq(faceDrops.userId, userId)))
        .all()
        .map((d) => d.id),
    );
    const ranked = rankMatches(selfie, index.facesOf(event.id), { exclusions, dropped });
    // Only what the uploads list shows this guest, in the ranking's order.
    const seen = new Map(
      uploads
        .visibleAmong(
          event,
          viewer,
          ranked.map((m) => m.uploadId),
        )
        .map((u) => [u.id, u]),
    );
    return ranked.flatMap((m) => seen.get(m.uploadId) ?? []);
  }

  /** Whether a selfie of the guest is remembered. */
  function remembers(event: EventNow, viewer: Viewer): boolean {
    const userId = guestOf(event, viewer);
    return (
      db
        .select({ userId: faceSearchSelfies.userId })
        .from(faceSearchSelfies)
        .where(and(eq(faceSearchSelfies.eventId, event.id), eq(faceSearchSelfies.userId, userId)))
        .get() !== undefined
    );
  }

  return {
    /** Refuses (permission table, setting) before a selfie's bytes are read. */
    mayUse(event: EventNow, viewer: Viewer): void {
      guestOf(event, viewer);
    },

    /** The photos of the selfie's person the guest sees, best first; `remember` keeps the descriptor (not the image). */
    async search(event: EventNow, viewer: Viewer, image: Uint8Array, remember: boolean): Promise<UploadRow[]> {
      const userId = guestOf(event, viewer);
      const selfie = await describeSelfie(image);
      if (remember) {
        const descriptor = descriptorBytes(selfie);
        db.insert(faceSearchSelfies)
          .values({ eventId: event.id, userId, descriptor })
          .onConflictDoUpdate({ target: [faceSearchSelfies.eventId, faceSearchSelfies.userId], set: { descriptor } })
          .run();
      }
      return matches(event, viewer, userId, selfie);
    },

    /** The same search with the remembered selfie (422 when none is kept). */
    searchRemembered(event: EventNow, viewer: Viewer): UploadRow[] {
      const userId = guestOf(event, viewer);
      const kept = db
        .select({ descriptor: faceSearchSelfies.descriptor })
        .from(faceSearchSelfies)
        .where(and(eq(faceSearchSelfies.eventId, event.id), eq(faceSearchSelfies.userId, userId)))
        .get();
      if (!kept) throw new AppError(422, 'SELFIE_UNUSABLE', 'nothingRemembered');
      return matches(event, viewer, userId, descriptorFromBytes(kept.descriptor));
    },

    /**
     * The guest opened 'Fotos von mir finden': whether a selfie of theirs is remembered. The face worker starts now,
     * while they take the selfie, so their search does not wait for its engine to load.
     */
    opened(event: EventNow, viewer: Viewer): boolean {
      const remembered = remembers(event, viewer);
      index.warm();
      return remembered;
    },

    /** Whether a selfie of the guest is remembered. */
    remembers,

    /** 'Das bin ich nicht': the upload (one the guest sees) leaves their results. */
    drop(event: EventNow, viewer: Viewer, uploadId: number): void {
      const userId = guestOf(event, viewer);
      const row = uploads.visible(event, viewer, uploadId);
      db.insert(faceDrops).values({ eventId: event.id, userId, uploadId: row.id }).onConflictDoNothing().run();
    },

    /** 'Mich aus der Gesichtssuche entfernen': the selfie's face is nobody's match in this event any more. */
    async exclude(event: EventNow, viewer: Viewer, image: Uint8Array): Promise<void> {
      const userId = guestOf(event, viewer);
      const selfie = await describeSelfie(image);
      db.insert(faceExclusions)
        .values({ eventId: event.id, userId, descriptor: descriptorBytes(selfie) })
        .run();
    },

    /** 'Meine Daten löschen': the remembered selfie, the drops and the removal this guest made in the event. */
    forget(event: EventNow, viewer: Viewer): void {
      authorize(viewer, 'faceSearch', { eventId: event.id, eventStatus: event.status });
      const userId = viewer.kind === 'guest' ? viewer.userId : '';
      db.transaction((tx) => {
        tx.delete(faceSearchSelfies)
          .where(and(eq(faceSearchSelfies.eventId, event.id), eq(faceSearchSelfies.userId, userId)))
          .run();
        tx.delete(faceDrops)
          .where(and(eq(faceDrops.eventId, event.id), eq(faceDrops.userId, userId)))
          .run();
        tx.delete(faceExclusions)
          .where(and(eq(faceExclusions.eventId, event.id), eq(faceExclusions.userId, userId)))
          .run();
      });
    },
  };
}

export type FaceSearchService = ReturnType<typeof createFaceSearchService>;
