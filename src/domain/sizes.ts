/** Sizes shown to hosts are MB (MiB) with two decimals. */
export function bytesToMb(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}
