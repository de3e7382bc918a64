import type { ApiError } from '../../../src/http/api-types';
import { de } from '../i18n/de';
import type { DeviceProfile } from './device';

// The error catalogue of §8 as one mapping from what went wrong to the text the guest reads.

export type FailureKind = 'network' | 'timeout' | 'too-large' | 'memory' | 'server' | 'no-id';

// HEIC comes as image/heic, image/heif or (Windows, some Android pickers) with no type and a .heic name.
export const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'video/mp4', 'video/quicktime'];

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** The MIME type to trust on the client: the browser's, else from the extension (some pickers send ''). */
export function effectiveType(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_EXTENSION[ext] ?? '';
}

/** §5 client-side checks before anything is sent; null when fine. */
export function validateFile(file: { type: string; name: string; size: number }, maxUploadSizeMB: number): string | null {
  if (!ALLOWED_TYPES.includes(effectiveType(file))) return de.typeNotAllowed;
  if (file.size > maxUploadSizeMB * 1024 * 1024) return de.tooLargeLocal(maxUploadSizeMB);
  return null;
}

export interface FailureContext {
  device: DeviceProfile;
  /** a file that went in chunks */
  large: boolean;
  error?: ApiError | null;
}

/** The message shown on an item that failed for good. */
export function failureMessage(kind: FailureKind, ctx: FailureContext): string {
  const { device } = ctx;
  switch (kind) {
    case 'no-id':
      return de.noUploadId;
    case 'memory':
      return de.mobileMemory;
    case 'too-large':
      if (device.mobile) return de.mobileTooLarge;
      return typeof ctx.error?.maxSizeBytes === 'number'
        ? de.fileTooLargeToast(Math.round(ctx.error.maxSizeBytes / (1024 * 1024)))
        : de.mobileTooLarge;
    case 'timeout':
      if (device.ios) return de.iosTimeout;
      if (device.mobile) return de.mobileTimeout;
      return ctx.large ? de.largeNetworkError : de.genericUploadError;
    case 'network':
      if (device.ios) return de.iosNetworkError;
      if (device.mobile) return de.mobileNetworkError;
      return ctx.large ? de.largeNetworkError : de.genericUploadError;
    case 'server':
    default: {
      // A refused file type is not a passing fault: retrying cannot help, so only the type message is said.
      if (ctx.error?.code === 'UNSUPPORTED_MEDIA_TYPE') return de.typeNotAllowed;
      const msg = ctx.error?.error;
      return msg ? `${de.genericUploadError} ${msg}` : de.genericUploadError;
    }
  }
}
