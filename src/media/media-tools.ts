// What the upload services and jobs need from the media library, as one interface: the composition root
// wires the real sharp/ffmpeg implementation (createMediaTools) and callers stay free of process details.

export interface SniffedType {
  kind: 'photo' | 'video';
  mime: 'image/jpeg' | 'image/png' | 'video/mp4' | 'video/quicktime';
  ext: 'jpg' | 'png' | 'mp4' | 'mov';
}

export interface PhotoResult {
  width: number;
  height: number;
  /** capture time as ISO UTC, or null when the file has none */
  takenAt: string | null;
  /** 9x8 difference hash, 16 hex */
  dhash: string;
}

export interface VideoInfo {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** capture time as ISO UTC, or null */
  takenAt: string | null;
  /** H.264 (+AAC) in MP4: every phone browser plays the original as it is */
  playable: boolean;
}

export interface MediaTools {
  sniff(head: Uint8Array): SniffedType | null;
  /** Thumbnail and viewer preview of a photo (upright, no metadata) plus its facts. Throws when undecodable. */
  processPhoto(input: string, out: { thumbnail: string; preview: string }): Promise<PhotoResult>;
  /** Reads a video's facts quickly (ffprobe). Throws when it is no readable video. */
  probeVideo(input: string): Promise<VideoInfo>;
  /** A grid thumbnail from a frame of the video. */
  makeVideoThumbnail(input: string, thumbnail: string): Promise<void>;
  /** An H.264/AAC MP4 with +faststart that every browser plays. */
  makeVideoPreview(input: string, output: string, signal?: AbortSignal): Promise<void>;
}
