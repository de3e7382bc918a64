import type { ApiError } from '../../../src/http/api-types';
import type { Text } from '../i18n';
import type { DeviceProfile } from './device';

// The error catalogue of §8 as one mapping from what went wrong to the text the guest reads: a Text, put
// into words in the language shown when the upload list draws it.

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
export function validateFile(file: { type: string; name: string; size: number }, maxUploadSizeMB: number): Text | null {
  if (!ALLOWED_TYPES.includes(effectiveType(file))) return (t) => t.typeNotAllowed;
  if (file.size > maxUploadSizeMB * 1024 * 1024) return (t) => t.tooLargeLocal(maxUploadSizeMB);
  return null;
}

export interface FailureContext {
  device: DeviceProfile;
  /** a file that went in chunks */
  large: boolean;
  error?: ApiError | null;
}

/** The message shown on an item that failed for good. */
export function failureMessage(kind: FailureKind, ctx: FailureContext): Text {
  const { device } = ctx;
  switch (kind) {
    case 'no-id':
      return (t) => t.noUploadId;
    case 'memory':
      return (t) => t.mobileMemory;
    case 'too-large': {
      if (device.mobile || typeof ctx.error?.maxSizeBytes !== 'number') return (t) => t.mobileTooLarge;
      const mb = Math.round(ctx.error.maxSizeBytes / (1024 * 1024));
      return (t) => t.fileTooLargeToast(mb);
    }
    case 'timeout':
      if (device.ios) return (t) => t.iosTimeout;
      if (device.mobile) return (t) => t.mobileTimeout;
      return ctx.large ? (t) => t.largeNetworkError : (t) => t.genericUploadError;
    case 'network':
      if (device.ios) return (t) => t.iosNetworkError;
      if (device.mobile) return (t) => t.mobileNetworkError;
      return ctx.large ? (t) => t.largeNetworkError : (t) => t.genericUploadError;
    case 'server':
    default: {
      // A refused file type is not a passing fault: retrying cannot help, so only the type message is said.
      if (ctx.error?.code === 'UNSUPPORTED_MEDIA_TYPE') return (t) => t.typeNotAllowed;
      if (ctx.error?.code === 'SHOTS_USED_UP') {
        const shots = Number(ctx.error.shotsPerGuest);
        return (t) => t.cameraShotsUsedUp(shots);
      }
      const msg = ctx.error?.error;
      return (t) => (msg ? `${t.genericUploadError} ${msg}` : t.genericUploadError);
    }
  }
}
