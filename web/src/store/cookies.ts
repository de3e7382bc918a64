// §9: the guest's user id lives in the cookie event_{code}: 10 years, path /, SameSite Lax.

export const TEN_YEARS_S = 10 * 365 * 24 * 60 * 60;

export const userCookieName = (code: string) => `event_${code}`;

export function getCookie(name: string, source: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of source.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) {
      const v = part.slice(i + 1).trim();
      try {
        return decodeURIComponent(v) || null;
      } catch {
        return v || null;
      }
    }
  }
  return null;
}

export function cookieString(name: string, value: string, maxAgeS = TEN_YEARS_S): string {
  const expires = new Date(Date.now() + maxAgeS * 1000).toUTCString();
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Expires=${expires}; Path=/; SameSite=Lax`;
}

export function setCookie(name: string, value: string, maxAgeS = TEN_YEARS_S): void {
  document.cookie = cookieString(name, value, maxAgeS);
}

export const getUserId = (code: string) => getCookie(userCookieName(code));
export const setUserId = (code: string, userId: string) => setCookie(userCookieName(code), userId);
