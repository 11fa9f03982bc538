// When the WebAssembly module can be used, and which one. Owns two facts for the whole package:
// "is the wasm instantiated?" and "is it the full module or the client module?". The browser
// entries (pkg/web-load.js) ask `chooseModule` which module to fetch and hand the promise of
// its load to `loadWith`; the entries that instantiate synchronously (node.js, workerd.js,
// deno.js, inline.js) load the full module and call `loadedNow`; api.ts, paginator.ts and the
// client classes ask `isLoaded`/`whenLoaded`/`notReady` and never touch the wasm before it is
// there. Calls nothing but the error classes.
//
// Two modules, one glue (scripts/build.sh): the client module leaves out signing, sealing and
// the page models, 14 KB gzip of the full one. Code that needs them (the CursorCodec class, the
// page models) uses `FULL` of full.ts, whose evaluation calls `needsFullModule`; a bundler keeps
// full.ts only when such code is in the bundle (it has no declared side effects), so a bundle of
// paginate, InfiniteList, CursorStack, encodeCursor and decodeCursor never evaluates it. The
// browser entry chooses one microtask after its own evaluation: every module of the page's graph
// has run by then (a graph without top-level await evaluates in one go), so the choice sees all
// of them.
//
// Why no top-level await: an entry that awaited its wasm would hold back every module that
// imports it, so a page's first render (even of a view that never calls pagecursor) and a
// worker's `onmessage` assignment would wait for the download. Instead asynchronous APIs await
// `whenLoaded()` themselves, constructors of CursorStack and InfiniteList defer their wasm
// object, and synchronous calls made too early throw `not_ready` saying what to await.
import { CursorError } from "./errors.js";

let loaded = false;
let failure: unknown; // why the load failed, once it did (undefined: it did not)
let pending: Promise<void> | undefined; // the entry's `ready`
let wanted = false; // code that needs the full module has run
let chosen: "full" | "client" | undefined; // the module being loaded, once chosen

/**
 * True once the wasm is instantiated: synchronous calls work (with `needsFull`, a call that
 * needs the full module: also that the page loads that one).
 */
export const isLoaded = (needsFull?: boolean): boolean => loaded && (!needsFull || chosen === "full");

/** Called once, by full.ts's evaluation: code that needs the full module is on the page. */
export function needsFullModule(): true {
  wanted = true;
  return true;
}

/** For the browser entries: which module to fetch, given what has run so far; final. */
export function chooseModule(): "full" | "client" {
  return (chosen ??= wanted ? "full" : "client");
}

/**
 * Called once by the browser entry with the promise of its instantiation. Returns the entry's
 * `ready`: resolves to undefined once usable.
 */
export function loadWith(instantiation: PromiseLike<unknown>): Promise<void> {
  const ready = Promise.resolve(instantiation).then(
    (): void => {
      loaded = true;
    },
    (err: unknown): never => {
      failure = err;
      throw new CursorError("not_ready", `pagecursor: the WebAssembly module failed to load: ${describe(err)}`, { cause: err });
    },
  );
  // A page that never awaits `ready` and never calls pagecursor should not see an unhandled
  // rejection; anything that needs the module reports the failure itself (notReady, whenLoaded).
  ready.catch(() => {});
  pending = ready;
  return ready;
}

/** For a synchronous entry: the full module is instantiated now. */
export function loadedNow(): Promise<void> {
  chosen = "full";
  loaded = true;
  return Promise.resolve();
}

/** What an asynchronous API awaits before its first wasm call (undefined: nothing to await). */
export function whenLoaded(): Promise<void> | undefined {
  if (loaded) return undefined;
  return pending ?? Promise.reject(notReady("this call"));
}

/**
 * The error of a synchronous call made before `ready` resolved (with `needsFull`, of a call that
 * needs the full module, on a page that chose the client module).
 */
export function notReady(what: string, needsFull?: boolean): CursorError {
  if (needsFull && chosen === "client") {
    return new CursorError(
      "not_ready",
      `${what} needs pagecursor's full module (signing, sealing, page models), but this page loads the client module: ` +
        "import it from a module that runs at the page's start, not only from a lazy chunk",
    );
  }
  if (failure !== undefined) {
    return new CursorError("not_ready", `${what}: the WebAssembly module failed to load (${describe(failure)}); nothing of pagecursor works on this page`, { cause: failure });
  }
  return new CursorError(
    "not_ready",
    `${what} ran before pagecursor's WebAssembly module was ready: \`await ready\` (exported by every pagecursor entry) before synchronous calls; paginate, InfiniteList and the React hooks wait by themselves`,
  );
}

function describe(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return "an unprintable error";
  }
}
