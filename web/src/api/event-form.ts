import type { Language } from '../../../src/domain/languages.ts';

// The event's form as the admin's create/update and the couple's settings update send it (multipart, as
// it may carry the header image): one builder, every field given is sent, absent ones stay as they are.

/** What the admin and the couple both edit. */
export interface EventDesignFields {
  name: string;
  primary_color: string;
  secondary_color: string;
  header_style: string;
  allow_download: boolean;
  strip_location: boolean;
  /** the guests' language unless they choose another */
  language?: Language;
  host_image?: File | null;
}

/** The admin's event form adds the code, the schedule and 'Gesichtssuche' (the couple switches it in a section of its own). */
export interface EventFormFields extends EventDesignFields {
  code: string;
  event_start_datetime: string; // ISO UTC
  event_duration_days: number;
  face_search: boolean;
}

/** The print view's settings: the cards' own line and day (empty: none / the event's first day), and the event's colours. */
export interface PrintFields {
  print_line: string;
  print_date: string;
  primary_color: string;
  secondary_color: string;
}

export function eventFormData(fields: EventDesignFields & Partial<EventFormFields>): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    fd.set(name, value instanceof File ? value : String(value));
  }
  return fd;
}
