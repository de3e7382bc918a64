import type { AppConfig } from '../../../../../src/http/api-types';

/** The base for shared links: the configured public URL, else this page's origin. */
export function baseUrl(config: AppConfig | null): string {
  const u = config?.publicUrl?.trim();
  return (u || window.location.origin).replace(/\/+$/, '');
}

export const eventLink = (config: AppConfig | null, code: string) => `${baseUrl(config)}/event/${encodeURIComponent(code)}`;

export const recoveryLink = (config: AppConfig | null, code: string, userId: string) =>
  `${baseUrl(config)}/event/${encodeURIComponent(code)}/recover/${encodeURIComponent(userId)}`;
