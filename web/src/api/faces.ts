import type { FaceSearchMine, FaceSearchResult } from '../../../src/http/api-types';
import { api } from './http';

// The face search's calls (issue 30), their own module: only the face search section's chunk imports it.
export const facesApi = {
  /** 'Fotos von mir finden' (issue 30): the selfie is sent once and compared on the box; `remember` keeps its descriptor */
  search: (eventId: number, selfie: File, remember: boolean) => {
    const form = new FormData();
    form.append('remember', String(remember));
    form.append('selfie', selfie, selfie.name);
    return api.post<FaceSearchResult>(`/api/event/${eventId}/faces/search`, form);
  },
  /** the same search with the remembered selfie */
  searchAgain: (eventId: number) => api.get<FaceSearchResult>(`/api/event/${eventId}/faces/search`),
  mine: (eventId: number) => api.get<FaceSearchMine>(`/api/event/${eventId}/faces/mine`),
  /** 'Das bin ich nicht' */
  notMe: (eventId: number, uploadId: number) => api.put<FaceSearchMine>(`/api/event/${eventId}/faces/not-me/${uploadId}`),
  /** 'Mich aus der Gesichtssuche entfernen' */
  exclude: (eventId: number, selfie: File) => {
    const form = new FormData();
    form.append('selfie', selfie, selfie.name);
    return api.post<FaceSearchMine>(`/api/event/${eventId}/faces/exclusion`, form);
  },
  /** 'Meine Daten löschen' */
  forget: (eventId: number) => api.del<FaceSearchMine>(`/api/event/${eventId}/faces/mine`),
};
