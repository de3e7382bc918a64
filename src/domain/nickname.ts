// A guest's nickname (spec §5): trimmed, at most 30 characters (counted as the guest sees them, so an
// emoji is one), saved only when not empty.
export const NICKNAME_MAX = 30;

export const normaliseNickname = (value: string) => value.trim();

export const nicknameTooLong = (value: string) => [...normaliseNickname(value)].length > NICKNAME_MAX;
