// The face engine's weights and the WebAssembly backend, imported `with { type: 'file' }` (engine.ts): Bun gives
// their path (inside the compiled binary, a /$bunfs/ path that node:fs reads).
declare module '@vladmandic/face-api/model/*.bin' {
  const path: string;
  export default path;
}
declare module '@tensorflow/tfjs-backend-wasm/dist/*.wasm' {
  const path: string;
  export default path;
}
