// libheif-js's WebAssembly bundle, imported as source text (`with { type: 'text' }`) for the HEIC worker.
declare module 'libheif-js/libheif-wasm/libheif-bundle.js' {
  const source: string;
  export default source;
}
