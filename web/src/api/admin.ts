import type {
  ExportSizes,
  ExportTicket,
  AdminEventDto,
  AlbumDto,
  ApiKeyDto,
  BoxAddress,
  BoxStatus,
  BundleEvent,
  ClientTokenAnswer,
  CreatedApiKey,
  EventPush,
  GalleryPublication,
  GuestbookEntryDto,
  ImportRunDto,
  LoginAnswer,
  S3Settings,
  StatisticsDto,
  UploaderDto,
  WifiSettings,
} from '../../../src/http/api-types';
import { eventFormData, type EventFormFields, type PrintFields } from './event-form';
import { adminToken, api, HttpError } from './http';
import { xhrSend } from './xhr';
import { queryClient } from './query-client';

// Typed calls of the admin dashboard. All go through http.ts: Bearer token, credentials, and a 401 clears
// the token and returns to /admin (the login call itself is on /admin already, so it only shows the error).

export interface AlbumFields {
  name: string;
  start_datetime: string | null;
  end_datetime: string | null;
}

export const adminApi = {
  login: async (password: string) => {
    const answer = await api.post<LoginAnswer>('/api/admin/login', { password });
    adminToken.set(answer.token);
    return answer;
  },
  logout: async () => {
    try {
      await api.post('/api/admin/logout');
    } catch {
      // the token may be gone already; logging out locally is what matters
    }
    adminToken.clear();
    // what one admin saw is not shown to whoever signs in next in this tab
    queryClient.clear();
  },
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<{ success: true }>('/api/admin/change-password', { currentPassword, newPassword }),

  apiKeys: () => api.get<ApiKeyDto[]>('/api/admin/api-keys'),
  createApiKey: (name: string) => api.post<CreatedApiKey>('/api/admin/api-keys', { name }),
  deleteApiKey: (id: number) => api.del<{ success: true }>(`/api/admin/api-keys/${id}`),

  events: () => api.get<AdminEventDto[]>('/api/event/events'),
  createEvent: (f: EventFormFields) => api.post<AdminEventDto>('/api/event', eventFormData(f)),
  updateEvent: (id: number, f: EventFormFields) => api.put<AdminEventDto>(`/api/event/${id}`, eventFormData(f)),
  savePrint: (id: number, f: PrintFields) => api.put<AdminEventDto>(`/api/event/${id}`, { ...f }),
  /** the setup checklist on the event's card goes, for good */
  dismissSetup: (id: number) => api.post<{ success: true }>(`/api/event/${id}/setup-dismissed`),
  /** the print view tells the box it was opened (the checklist's 'cards printed') */
  printOpened: (id: number) => api.post<{ success: true }>(`/api/event/${id}/print-opened`),
  deleteEvent: (id: number) => api.del<{ success: true }>(`/api/event/${id}`),

  albums: (eventId: number) => api.get<AlbumDto[]>(`/api/event/${eventId}/albums`),
  createAlbum: (eventId: number, f: AlbumFields) => api.post<AlbumDto>(`/api/event/${eventId}/album`, { ...f }),
  updateAlbum: (id: number, f: AlbumFields) => api.put<AlbumDto>(`/api/album/${id}`, { ...f }),
  setAlbumVisible: (id: number, visible: boolean) => api.put<AlbumDto>(`/api/album/${id}`, { visible }),
  deleteAlbum: (id: number) => api.del<{ success: true }>(`/api/album/${id}`),

  uploaders: (eventId: number) => api.get<UploaderDto[]>(`/api/event/${eventId}/uploaders`),
  /** every guestbook entry of the event, newest first, and its moderation (issue 27) */
  guestbook: (eventId: number) => api.get<GuestbookEntryDto[]>(`/api/event/${eventId}/guestbook`),
  moderateGuestbook: (eventId: number, entryId: number, approve: boolean) =>
    api.put<GuestbookEntryDto>(`/api/event/${eventId}/guestbook/${entryId}/${approve ? 'approve' : 'reject'}`),
  deleteGuestbookEntry: (eventId: number, entryId: number) => api.del<{ success: true }>(`/api/event/${eventId}/guestbook/${entryId}`),
  statistics: (eventId: number) => api.get<StatisticsDto>(`/api/event/${eventId}/statistics`),
  /** a one-minute URL for the ZIP (or one album's) that a plain download link can use (no Bearer header needed), its size and progress link */
  exportTicket: (eventId: number, albumId?: number) =>
    api.post<ExportTicket>(`/api/event/${eventId}/export-ticket${albumId === undefined ? '' : `?albumId=${albumId}`}`),
  exportSizes: (eventId: number) => api.get<ExportSizes>(`/api/event/${eventId}/export-sizes`),

  generateClientToken: (eventId: number) => api.post<ClientTokenAnswer>(`/api/client/generate-token/${eventId}`),

  /** the box's own addresses that guests can reach, offered when the dashboard runs on localhost */
  addresses: () => api.get<BoxAddress[]>('/api/admin/addresses'),

  /** free disk space and the video queue */
  box: () => api.get<BoxStatus>('/api/admin/box'),
  /** the venue Wi-Fi printed on the QR cards */
  wifi: () => api.get<WifiSettings>('/api/admin/wifi'),
  saveWifi: (w: WifiSettings) => api.put<WifiSettings>('/api/admin/wifi', { ...w }),

  /** the S3 storage events are pushed to ('Nach dem Event sichern'); never with its secret */
  s3: () => api.get<S3Settings | null>('/api/admin/s3'),
  saveS3: (f: S3Fields) => api.put<S3Settings>('/api/admin/s3', { ...f }),
  testS3: (f: S3Fields) => api.post<{ success: true }>('/api/admin/s3/test', { ...f }),
  /** one event, or every finished one; runs on the box in the background */
  push: (eventId?: number) => api.post<{ success: true }>('/api/admin/s3/push', eventId === undefined ? {} : { event_id: eventId }),
  pushes: () => api.get<EventPush[]>('/api/admin/s3/pushes'),
  publishGallery: (p: { eventId: number; secretLink: boolean }) =>
    api.post<{ success: true }>('/api/admin/s3/gallery', { event_id: p.eventId, secret_link: p.secretLink }),
  galleries: () => api.get<GalleryPublication[]>('/api/admin/s3/galleries'),
  /** the pushed events in the S3 storage, or in a folder of the box */
  bundles: (folder?: string) => api.get<BundleEvent[]>(`/api/admin/s3/events${folder ? `?folder=${encodeURIComponent(folder)}` : ''}`),
  importEvent: (code: string, newCode?: string, folder?: string) =>
    api.post<{ success: true }>('/api/admin/s3/import', { code, ...(newCode ? { new_code: newCode } : {}), ...(folder ? { folder } : {}) }),
  imports: () => api.get<ImportRunDto[]>('/api/admin/s3/imports'),
  /** The admin's export ZIP sent as it is (through XMLHttpRequest: fetch reports no upload progress); 202 with the event's code. */
  importZip: (zip: File, newCode: string | undefined, onProgress: (sent: number, total: number) => void) =>
    xhrSend<{ success: true; code: string }>({
      url: `/api/admin/import-zip${newCode ? `?new_code=${encodeURIComponent(newCode)}` : ''}`,
      body: zip,
      idleTimeoutMs: 60_000,
      onProgress,
    }),
};

/** The S3 form as sent: an empty secret keeps the stored one. */
export interface S3Fields {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  access_key_id: string;
  secret_access_key: string;
}

/** The form field a refusal names (`{ field }` in the error body) and the server's reason, for showing it beside that field. */
export function fieldError(err: unknown): { field: string; message: string } | null {
  if (err instanceof HttpError && typeof err.body?.field === 'string' && err.body.error)
    return { field: err.body.field, message: err.body.error };
  return null;
}

/** The server's message when it sent one, else the fallback. */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof HttpError && err.body?.error) return err.body.error;
  return fallback;
}

export { HttpError };
export type { EventFormFields };
