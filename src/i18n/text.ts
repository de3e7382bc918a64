// What the server's dictionaries are made of.

/** An error's details (the answer's extra fields, e.g. `field`, `maxSizeBytes`), which a message may name. */
export type Details = Readonly<Record<string, unknown>>;
/** A message: fixed, or made from the error's details. */
export type Text = string | ((details: Details) => string);

/** Bytes as whole megabytes (1 MB = 1,048,576 bytes, as the upload limits count). */
export const megabytes = (bytes: unknown) => Math.floor(Number(bytes) / 1048576);
