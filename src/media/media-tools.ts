// What the upload services and jobs need from the media library, as one interface: the composition root
// wires the real sharp/ffmpeg implementation (createMediaTools) and callers stay free of process details.

export type { SniffedMedia as SniffedType } from './sniff.ts';
import type { SniffedMedia as SniffedType, AttachmentDemuxer, SniffedAttachment } from './sniff.ts';
import type { AttachmentStreams } from './attachment.ts';

export interface PhotoResult {
  width: number;
  height: number;
  /** capture time as ISO UTC, or null when the file has none */
  takenAt: string | null;
  /** 9x8 difference hash, 16 hex */
  dhash: string;
  /** a full-size JPEG copy was written (for originals browsers cannot show: HEIC) */
  jpegCopy: boolean;
}

export interface VideoInfo {
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** H.264 (+AAC) in MP4: every phone browser plays the original as it is */
  playable: boolean;
}

export interface MediaTools {
  sniff(head: Uint8Array): SniffedType | null;
  /** Photos of this type take seconds to decode (HEIC): the job queue processes them, not the upload request. */
  decodesInQueue(type: SniffedType): boolean;
  /** Thumbnails (2x, and the grid's 1x and 3x) and viewer preview of a photo (upright, no metadata; for HEIC also a JPEG copy) plus its facts. Throws when undecodable. */
  processPhoto(
    input: string,
    out: { thumbnail: string; tiles: { x1: string; x3: string }; preview: string; jpegCopy: string },
  ): Promise<PhotoResult>;
  /** A photo's capture time as ISO UTC from its EXIF, without decoding it; null when it has none. */
  readPhotoCaptureTime(input: string): Promise<string | null>;
  /**
   * What an upload request may read of a video: a few small reads of its movie header in JS, never a tool.
   * The capture time as ISO UTC (null when it has none); throws when the header is missing or cut off.
   */
  readVideoHeader(input: string): Promise<{ takenAt: string | null }>;
  /** Reads a video's facts with ffprobe (a process with memory and time limits: for jobs only). Throws when it is no readable video. */
  probeVideo(input: string): Promise<VideoInfo>;
  /** A grid thumbnail from a frame of the video. */
  makeVideoThumbnail(input: string, thumbnail: string): Promise<void>;
  /** An H.264/AAC MP4 with +faststart that every browser plays. */
  makeVideoPreview(input: string, output: string, signal?: AbortSignal): Promise<void>;
  /** A guestbook attachment's type by content (issue 27): photos, ISO-BMFF video or sound, voice recordings. */
  sniffAttachment(head: Uint8Array): SniffedAttachment | null;
  /** Which streams an attachment holds and its container's duration (ffprobe, time- and memory-limited). Throws when unreadable. */
  probeAttachment(input: string, demuxer: AttachmentDemuxer): Promise<AttachmentStreams>;
  /** How long its sound plays when decoded, reading at most `limitSeconds` of it. Throws when it cannot be decoded. */
  decodedAudioSeconds(input: string, demuxer: AttachmentDemuxer, limitSeconds: number): Promise<number>;
  /** A voice message as AAC in MP4 that every browser plays. */
  makeVoicePreview(input: string, demuxer: AttachmentDemuxer, output: string, signal?: AbortSignal): Promise<void>;
}
