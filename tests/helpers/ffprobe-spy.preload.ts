import { plugin } from 'bun';

// Preloaded into a test's server (startServer's `preload`): the server then finds its ffprobe at the path in
// FFPROBE_SPY, a wrapper that notes when it was started before running the real one (see ffprobe-spy.ts).
const spy = process.env.FFPROBE_SPY;
if (spy) {
  plugin({
    name: 'ffprobe-spy',
    setup(build) {
      build.module('@ffprobe-installer/ffprobe', () => ({ exports: { default: { path: spy } }, loader: 'object' }));
    },
  });
}
