import type { ReactNode } from 'react';
import {
  BarChart3,
  BookHeart,
  Camera,
  FileArchive,
  FolderOpen,
  Images,
  LayoutDashboard,
  ListChecks,
  MonitorPlay,
  ScanFace,
  Settings,
  type LucideIcon,
} from 'lucide-react';
import type { AlbumDto, EventDto } from '../../../../src/http/api-types';
import { AlbumsTab } from '../../components/settings/AlbumsTab';
import { ChallengesTab } from '../../components/settings/ChallengesTab';
import { CameraTab } from '../../components/settings/CameraTab';
import { ExportTab } from '../../components/settings/ExportTab';
import { FacesTab } from '../../components/settings/FacesTab';
import { GeneralTab } from '../../components/settings/GeneralTab';
import { GuestbookTab } from '../../components/settings/GuestbookTab';
import { HomeTab } from '../../components/settings/HomeTab';
import { StatsTab } from '../../components/settings/StatsTab';
import { UploadsTab } from '../../components/settings/UploadsTab';
import { WallTab } from '../../components/settings/WallTab';

// The couple's page is these sections, in this order: the section menu and the page both read this list.
// A new section is one entry here, its label in the host dictionaries (`couple.tabs`, which tsc checks
// against the ids) and its component.

/** What every section may need from the page. */
export interface SectionProps {
  token: string;
  event: EventDto;
  albums: AlbumDto[];
  /** how far the face search is with the event's photos, in percent (issue 30) */
  facePercent: number;
  /** an album made here stays on top of the list until the page is left (spec) */
  onAlbumCreated: (album: AlbumDto) => void;
  /** 'edit' on an album card: the Albums section opens with it in the form */
  editRequest: { album: AlbumDto; n: number } | null;
  onEditAlbum: (album: AlbumDto) => void;
  go: (id: SectionId) => void;
}

export const SECTIONS = [
  // the overview first: on the wedding day the couple wants the new uploads and the wall, not the settings
  {
    id: 'home',
    icon: LayoutDashboard,
    render: (p) => <HomeTab token={p.token} event={p.event} albums={p.albums} onUploads={() => p.go('uploads')} />,
  },
  { id: 'general', icon: Settings, render: (p) => <GeneralTab token={p.token} event={p.event} /> },
  {
    id: 'albums',
    icon: FolderOpen,
    render: (p) => (
      <AlbumsTab
        token={p.token}
        albums={p.albums.filter((a) => !a.challenge)}
        onCreated={p.onAlbumCreated}
        editRequest={p.editRequest}
        onEdit={p.onEditAlbum}
      />
    ),
  },
  { id: 'stats', icon: BarChart3, render: (p) => <StatsTab token={p.token} /> },
  { id: 'export', icon: FileArchive, render: (p) => <ExportTab token={p.token} event={p.event} albums={p.albums} /> },
  // additions of issue 14, after the spec's four
  { id: 'uploads', icon: Images, render: (p) => <UploadsTab token={p.token} event={p.event} albums={p.albums} /> },
  { id: 'guestbook', icon: BookHeart, render: (p) => <GuestbookTab token={p.token} event={p.event} /> },
  { id: 'wall', icon: MonitorPlay, render: (p) => <WallTab token={p.token} event={p.event} /> },
  // issue 28: challenges are albums (the Albums section lists the others)
  { id: 'challenges', icon: ListChecks, render: (p) => <ChallengesTab token={p.token} event={p.event} albums={p.albums} /> },
  { id: 'camera', icon: Camera, render: (p) => <CameraTab token={p.token} event={p.event} /> },
  // issue 30
  { id: 'faces', icon: ScanFace, render: (p) => <FacesTab token={p.token} event={p.event} percent={p.facePercent} /> },
] as const satisfies readonly { id: string; icon: LucideIcon; render: (p: SectionProps) => ReactNode }[];

export type SectionId = (typeof SECTIONS)[number]['id'];
