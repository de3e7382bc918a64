// How the built app is cut into chunks (issue 31: the guest event page's first load at most 120 KB gzip,
// tests/lint/guest-first-load.test.ts). By default every set of modules two chunks share becomes a chunk of
// its own: the event page's first load was 45 files, a third of them under 300 bytes, each with its own gzip
// header and import lines (5 KB in all). Here what a page needs before it can show is one chunk each: the app
// shell (what the entry imports) and the event page (what it imports statically). Another page that shares
// a module with the event page (the footer, the toasts, an icon) imports it from the event page's chunk: the
// landing page's guest goes there next, the host's pages are on the LAN.

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `start` imports statically, itself included. */
function staticClosure(ctx: ChunkingContext, start: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) walk(next);
  };
  start.forEach(walk);
  return seen;
}

const OTHER_PAGES = ['landing/LandingPage', 'recover/RecoverPage', 'legal/LegalPage', 'wall/WallPage', 'admin/AdminLoginPage'];

/**
 * `output.codeSplitting.groups`: the chunk `app` (the shell), then `EventPage`: what the event page imports
 * statically and no other page does (through a barrel such as lucide-react's every page reaches every icon;
 * what is left to the bundler's own splitting lands in the event page's chunk all the same, measured).
 */
export function firstLoadGroups(root: string) {
  const src = (path: string) => `${root}/src/${path}`; // module ids are paths with '/'
  const entry = src('main.tsx');
  let sets: { shell: Set<string>; event: Set<string>; others: Set<string> } | undefined;
  const of = (ctx: ChunkingContext) =>
    (sets ??= {
      shell: staticClosure(ctx, [entry]),
      event: staticClosure(ctx, [src('pages/event/EventPage.tsx')]),
      others: staticClosure(
        ctx,
        OTHER_PAGES.map((p) => src(`pages/${p}.tsx`)),
      ),
    });
  return [
    // main.tsx itself stays the entry: it awaits the language before the first render, and a chunk that
    // imports from a module still awaiting (the language's own chunk, through the preload helper) never starts
    {
      debugName: 'app',
      name: (id: string, ctx: ChunkingContext) => (id !== entry && of(ctx).shell.has(id) ? 'app' : null),
      priority: 2,
    },
    {
      debugName: 'EventPage',
      name: (id: string, ctx: ChunkingContext) => {
        const s = of(ctx);
        return s.event.has(id) && !s.others.has(id) ? 'EventPage' : null;
      },
      priority: 1,
    },
  ];
}
