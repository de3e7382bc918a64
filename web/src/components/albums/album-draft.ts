import { useCallback, useRef, useState } from 'react';
import type { AlbumDto } from '../../../../src/http/api-types';
import { fieldError } from '../../api/admin';
import { isoToLocalInput, localInputToIso } from '../../host/format';

/**
 * The state of an album create/edit form, shared by the admin albums modal and the settings albums tab:
 * create mode (editing null) or edit mode, name, visibility (default true) and the optional start and end
 * as datetime-local values.
 */
export function useAlbumDraft() {
  const [editing, setEditing] = useState<AlbumDto | null>(null);
  const [name, setName] = useState('');
  const [visible, setVisible] = useState(true);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  /** the server's reason for refusing the last submit, by field (name, start_datetime, end_datetime) */
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** keeps the reason of a refused submit beside its field; other errors stay with the form's message */
  const refused = (err: unknown) => {
    const f = fieldError(err);
    setErrors(f ? { [f.field]: f.message } : {});
  };
  const clearing =
    <T>(set: (v: T) => void, field: string) =>
    (v: T) => {
      set(v);
      setErrors(({ [field]: _, ...rest }) => rest);
    };

  // Stable across renders (they only call state setters), so effects may depend on them.
  /** back to create mode with an empty form */
  const reset = useCallback(() => {
    setErrors({});
    setEditing(null);
    setName('');
    setVisible(true);
    setStart('');
    setEnd('');
  }, []);

  /** edit mode, the form filled from the album */
  const edit = useCallback((a: AlbumDto) => {
    setErrors({});
    setEditing(a);
    setName(a.name);
    setVisible(a.visible);
    setStart(isoToLocalInput(a.start_datetime));
    setEnd(isoToLocalInput(a.end_datetime));
  }, []);

  /** the album fields to send: trimmed name, start and end as ISO or null */
  const fields = () => ({ name: name.trim(), start_datetime: localInputToIso(start), end_datetime: localInputToIso(end) });

  return {
    editing,
    name,
    setName: clearing(setName, 'name'),
    visible,
    setVisible,
    start,
    setStart: clearing(setStart, 'start_datetime'),
    end,
    setEnd: clearing(setEnd, 'end_datetime'),
    nameRef,
    reset,
    edit,
    fields,
    errors,
    refused,
    canSubmit: name.trim() !== '',
  };
}

export type AlbumDraft = ReturnType<typeof useAlbumDraft>;

/** Another album of the list with the same name (case and spaces ignored): guests could not tell them apart. */
export function duplicateAlbum(list: AlbumDto[], name: string, editing: AlbumDto | null): AlbumDto | undefined {
  const key = name.trim().toLocaleLowerCase('de');
  return key ? list.find((a) => a.id !== editing?.id && a.name.trim().toLocaleLowerCase('de') === key) : undefined;
}

/**
 * The list as the settings page shows it: albums created on the page first (newest on top, as the spec's album
 * form says), then the rest in the server's order. `createdIds` newest first; ids no longer listed are skipped.
 */
export function withCreatedFirst(list: AlbumDto[], createdIds: number[]): AlbumDto[] {
  const created = createdIds.flatMap((id) => list.filter((a) => a.id === id));
  return [...created, ...list.filter((a) => !createdIds.includes(a.id))];
}
