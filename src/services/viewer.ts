// The Viewer type lives with the permission table (src/domain/permissions.ts); import it from there.
export type { Viewer } from '../domain/permissions.ts';
