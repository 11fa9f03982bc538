// When the WebAssembly module can be used, and which one. Owns two facts for the whole package:
// "is the wasm instantiated?" and "which of the package's modules is it?". The browser
// entries (pkg/web-load.js) ask `chooseModule` which module to fetch and hand the promise of
// its load to `loadWith`; the entries that instantiate synchronously (node.js, workerd.js,
// deno.js, inline.js) load the full module and call `loadedNow` with its exports; api.ts, paginator.ts and the
// client classes ask `isLoaded`/`whenLoaded`/`notReady` and never touch the wasm before it is
// there. Calls nothing but the error classes.
//
// Four modules, one glue (scripts/build.sh): plain cursors in each, plus "keyed" (signing,
// sealing, the page models), "client" (paginate, InfiniteList, CursorStack), or both (the full
// module). Code that needs a part uses the mark of uses-keyed.ts or uses-client.ts, whose
// evaluation calls `uses`; a bundler keeps such a file only when code that uses its mark is in
// the bundle (it has no declared side effects), so a bundle of encodeCursor and decodeCursor
// evaluates neither. The browser entry chooses one microtask after its own evaluation: every
// module of the page's graph has run by then (a graph without top-level await evaluates in one
// go), so the choice sees all of them.
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
const needed = { keyed: false, client: false }; // which parts the code that has run uses
let chosen: Module | undefined; // the module being loaded, once chosen

/**
 * A part of the package that not every module has: "keyed" (signing, sealing and the page
 * models) and "client" (paginate, InfiniteList, CursorStack). Every module has plain cursors.
 */
export type Part = "keyed" | "client";
/** The modules, by the parts they have (scripts/build.sh builds them). */
export type Module = "full" | "client" | "keyed" | "codec";

const has = (module: Module | undefined, part: Part | undefined): boolean =>
  part === undefined || module === "full" || module === part;

/**
 * True once the wasm is instantiated: synchronous calls work (with `part`, a call that needs it:
 * also that the module the page loads has it).
 */
export const isLoaded = (part?: Part): boolean => loaded && has(chosen, part);

/** Called once per part, by the evaluation of uses-keyed.ts or uses-client.ts: code that uses
 * it is on the page. */
export function uses<P extends Part>(part: P): P {
  needed[part] = true;
  return part;
}

const moduleWith = (keyed: boolean, client: boolean): Module =>
  keyed ? (client ? "full" : "keyed") : client ? "client" : "codec";

/** For the browser entries: which module to fetch, given what has run so far; final. */
export function chooseModule(): Module {
  return (chosen ??= moduleWith(needed.keyed, needed.client));
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

/**
 * For a synchronous entry: the module whose `exports` the glue's `initSync` returned is
 * instantiated now. The entries load the full module, but the glue keeps a module it was given
 * before them (the tests of the smaller modules do that), so which module it is comes from its
 * exports: a smaller module has none for the parts it leaves out (scripts/check-module.mjs), and
 * calls that need one of them then say so instead of failing inside the glue. The keyed module
 * is the only smaller one with the page models (scripts/build.sh).
 */
export function loadedNow(exports: object): Promise<void> {
  chosen = moduleWith("offsetPage" in exports, "paginatorcore_new" in exports);
  loaded = true;
  return Promise.resolve();
}

/** What `what`, an asynchronous API that needs `part`, awaits before its first wasm call
 * (undefined: nothing to await). */
export function whenLoaded(part: Part, what: string): Promise<void> | undefined {
  if (isLoaded(part)) return undefined;
  // notReady says why: a module without `part`, or no load started.
  return pending === undefined || !has(chosen ?? "full", part) ? Promise.reject(notReady(what, part)) : pending;
}

/**
 * The error of a synchronous call made before `ready` resolved (with `part`, of a call that
 * needs it, on a page that chose a module without it).
 */
export function notReady(what: string, part?: Part): CursorError {
  if (chosen !== undefined && !has(chosen, part)) {
    return new CursorError(
      "not_ready",
      `${what} is not in the WebAssembly module this page chose at start: import the pagecursor/full entry first`,
    );
  }
  if (failure !== undefined) {
    return new CursorError("not_ready", `${what}: the WebAssembly module failed to load (${describe(failure)}); nothing of pagecursor works on this page`, { cause: failure });
  }
  return new CursorError(
    "not_ready",
    `${what} ran before pagecursor's WebAssembly module was ready: \`await ready\` (every entry exports it) first; paginate, InfiniteList and the React hooks wait by themselves`,
  );
}

function describe(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return "an unprintable error";
  }
}
