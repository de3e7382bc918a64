import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/**
 * A component whose code is its own chunk, fetched when it is first drawn (each in its own Suspense, so a
 * dialog loading never hides what is open beneath it). `warm()` fetches it ahead, e.g. once the page shows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props are the loaded component's own
export function onDemand<C extends ComponentType<any>>(load: () => Promise<C>) {
  let loading: Promise<C> | undefined;
  const warm = () => (loading ??= load());
  const Lazy = lazy(() => warm().then((c) => ({ default: c })));
  const Shown = (props: ComponentProps<C>) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Object.assign(Shown, { warm });
}
