/** Who is asking, as the HTTP layer established it. Services decide what each may do. */
export type Viewer =
  | { kind: 'admin' }
  | { kind: 'host'; eventId: number }
  | { kind: 'apiKey'; apiKeyId: number }
  | { kind: 'guest'; userId: string; consented: boolean }
  | { kind: 'visitor' };
