// §2 grid columns and the rows of a virtualised grid that are near the viewport.

export function columnsFor(width: number): number {
  return width >= 1024 ? 4 : width >= 640 ? 3 : 2;
}

export function visibleRows(opts: {
  scrollTop: number;
  viewport: number;
  gridTop: number;
  rowHeight: number;
  rows: number;
  overscan: number;
}): [number, number] {
  const { scrollTop, viewport, gridTop, rowHeight, rows, overscan } = opts;
  if (rows === 0 || rowHeight <= 0) return [0, -1];
  const first = Math.floor((scrollTop - gridTop) / rowHeight) - overscan;
  const last = Math.ceil((scrollTop + viewport - gridTop) / rowHeight) + overscan;
  return [Math.max(0, Math.min(rows - 1, first)), Math.max(0, Math.min(rows - 1, last))];
}
