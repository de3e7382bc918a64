import { useState } from 'react';
import type { AlbumDto, ModerationUploadDto } from '../../../../../src/http/api-types';
import { albumName } from '../../../pages/event/logic/albums';
import { useHostT } from '../../../i18n';
import { ConfirmModal } from '../../admin/ConfirmModal';
import { ModerationItem } from './ModerationItem';
import { UploadViewer } from './UploadViewer';
import type { Confirm, useModeration } from './use-moderation';

type Moderation = ReturnType<typeof useModeration>;

/**
 * Uploads as moderation cards (the Uploads section, the overview's lists); a tap on a picture opens it large
 * with the same actions. The large view follows the list: an upload that leaves it (deleted, or no longer
 * under the list's filter) closes it.
 */
export function ModerationList({
  uploads,
  albums,
  m,
  onConfirm,
  selectable,
  testId,
}: {
  uploads: ModerationUploadDto[];
  albums: AlbumDto[];
  m: Moderation;
  onConfirm: (confirm: Confirm) => void;
  selectable?: boolean;
  testId?: string;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const open = uploads.find((u) => u.id === openId) ?? null;
  const albumNameOf = (id: number) => albumName(albums.find((a) => a.id === id)?.name ?? '');
  const remove = (u: ModerationUploadDto) => onConfirm({ kind: 'selected', ids: [u.id] });
  return (
    <>
      <ul className="hx-mod__list" data-testid={testId}>
        {uploads.map((u) => (
          <ModerationItem
            key={u.id}
            upload={u}
            albumName={albumNameOf(u.album_id)}
            busy={m.busy}
            onOpen={() => setOpenId(u.id)}
            onApprove={() => void m.setApproved(u)}
            onDelete={() => remove(u)}
            selection={selectable ? { selected: m.selected.has(u.id), onToggle: () => m.toggle(u.id) } : undefined}
          />
        ))}
      </ul>
      {open && (
        <UploadViewer
          upload={open}
          albumName={albumNameOf(open.album_id)}
          busy={m.busy}
          onApprove={() => void m.setApproved(open)}
          onDelete={() => remove(open)}
          onClose={() => setOpenId(null)}
        />
      )}
    </>
  );
}

/** The question before anything is deleted for good: one upload, a selection, or everything of one guest. */
export function DeleteConfirm({ confirm, m, onClose }: { confirm: Confirm; m: Moderation; onClose: () => void }) {
  const c = useHostT().couple;
  const run = async () => {
    await m.remove(confirm);
    onClose();
  };
  return (
    <ConfirmModal
      title={
        confirm.kind === 'guest' ? c.removeGuestTitle : confirm.ids.length === 1 ? c.deleteOneTitle : c.deleteManyTitle(confirm.ids.length)
      }
      confirmLabel={c.deleteForever}
      busy={m.busy}
      onConfirm={() => void run()}
      onClose={onClose}
    >
      {confirm.kind === 'guest' ? c.removeGuestText(confirm.name) : c.deleteText}
    </ConfirmModal>
  );
}
