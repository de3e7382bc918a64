import { useCallback, useRef, useState } from 'react';
import type { AlbumDto } from '../../../../src/http/api-types';
import { isoToLocalInput, localInputToIso } from '../admin/host-utils';

/** Spec (host side, albums): the warning shown before an album is deleted. */
export const DELETE_ALBUM_WARNING =
  'Are you sure you want to delete this album? All photos and videos in this album will be permanently deleted.';

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

  // Stable across renders (they only call state setters), so effects may depend on them.
  /** back to create mode with an empty form */
  const reset = useCallback(() => {
    setEditing(null);
    setName('');
    setVisible(true);
    setStart('');
    setEnd('');
  }, []);

  /** edit mode, the form filled from the album */
  const edit = useCallback((a: AlbumDto) => {
    setEditing(a);
    setName(a.name);
    setVisible(a.visible);
    setStart(isoToLocalInput(a.start_datetime));
    setEnd(isoToLocalInput(a.end_datetime));
  }, []);

  /** the album fields to send: trimmed name, start and end as ISO or null */
  const fields = () => ({ name: name.trim(), start_datetime: localInputToIso(start), end_datetime: localInputToIso(end) });

  return { editing, name, setName, visible, setVisible, start, setStart, end, setEnd, nameRef, reset, edit, fields, canSubmit: name.trim() !== '' };
}

export type AlbumDraft = ReturnType<typeof useAlbumDraft>;

/** The list after a visibility toggle of `a`: the server's answer merged in, visible flipped. */
export function withToggledVisibility(list: AlbumDto[], a: AlbumDto, updated: Partial<AlbumDto>): AlbumDto[] {
  return list.map((x) => (x.id === a.id ? { ...x, ...updated, visible: !a.visible } : x));
}
