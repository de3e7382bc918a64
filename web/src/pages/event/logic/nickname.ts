import { de } from '../../../i18n/de';

// §5 nickname: at most 30 characters, trimmed, saved only when not empty.
export const NICKNAME_MAX = 30;

export function nicknameError(value: string): string | null {
  return value.trim().length > NICKNAME_MAX ? de.nicknameTooLong : null;
}

export const canSaveNickname = (value: string) => value.trim().length > 0 && !nicknameError(value);
