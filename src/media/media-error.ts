/** Why a media file could not be handled; the service maps it to a status and a placeholder. */
export type MediaErrorReason = 'UNSUPPORTED' | 'CORRUPT' | 'TIMEOUT' | 'TOO_LARGE';

/**
 * The one error type the media library throws for a problem with the *file*. `message` is meant for
 * people (an uploader, a host); `detail` carries the tool's own words for the log.
 * Programming and setup errors (a missing ffmpeg binary, a full disk) are not MediaErrors.
 */
export class MediaError extends Error {
  override readonly name = 'MediaError';

  constructor(
    readonly reason: MediaErrorReason,
    message: string,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
