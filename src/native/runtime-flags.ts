/**
 * Flags of the Bun runtime the server runs with: baked into the compiled binary (scripts/build/compile.ts)
 * and passed wherever `bun src/main.ts` starts it (package.json's start and dev, the tests' and the bench's
 * server, tests/helpers/server.ts).
 *
 * --smol: JavaScriptCore's small heap, collected more often. The server's garbage is mostly short-lived
 * request bodies and answers; with the large heap it piled up between collections. `npm run bench -- f`
 * (200 readers, 20 phones uploading, photo work switched off to see the rest): peak RSS 246 -> 207 MB,
 * idle after seeding 132 -> 108 MB, the readers' p99 no worse (168/174 -> 119/118 ms).
 */
export const SERVER_RUNTIME_FLAGS = ['--smol'];
