// Made at build time by scripts/build/native-module.ts for the target architecture; exists only in the binary's bundle.
declare module 'momentbox:native' {
  const natives: import('./native-tools.ts').EmbeddedNatives;
  export default natives;
}
