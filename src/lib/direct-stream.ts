/**
 * Bun's direct ReadableStream: its source writes with controller.write(), which copies the bytes into the
 * destination and answers with a pending promise while the destination is full (see createZipStream).
 * The DOM lib this project compiles with (for the web app) hides this constructor overload, hence the cast.
 */
export const DirectReadableStream = ReadableStream as unknown as new (
  source: Bun.DirectUnderlyingSource<Uint8Array>,
) => ReadableStream<Uint8Array>;
