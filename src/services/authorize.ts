import { refusal, type Action, type Target, type Viewer } from '../domain/permissions.ts';
import { AppError } from '../lib/errors.ts';

/** Throws the permission table's answer (401/403 with code and message) unless the viewer may do `action`. */
export function authorize(viewer: Viewer, action: Action, target: Target = {}): void {
  const refused = refusal(viewer, action, target);
  if (refused) throw new AppError(refused.status, refused.code, refused.variant);
}
