import { nicknameTooLong, normaliseNickname } from '../../../../../src/domain/nickname.ts';
import { getT } from '../../../i18n';

// §5 nickname: the rule is src/domain/nickname.ts (shared with the server); here its texts.

export function nicknameError(value: string): string | null {
  return nicknameTooLong(value) ? getT().nicknameTooLong : null;
}

export const canSaveNickname = (value: string) => normaliseNickname(value).length > 0 && !nicknameError(value);

/** The uploader's nickname as a tile or the viewer shows it, or null when the guest gave none. */
export const uploaderNickname = (u: { uploader_nickname: string | null; nickname: string | null }): string | null =>
  (u.uploader_nickname ?? u.nickname ?? '').trim() || null;
