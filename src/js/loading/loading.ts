// When the WebAssembly module can be used, and which one. Owns two facts for the whole package:
// "is the wasm instantiated?" and "which of the package's modules is it?". The browser entry
// (pkg/web-load.js) hands `loadWith` a function that fetches and instantiates a module, and this
// file decides which module and when; the entries that instantiate synchronously load every
// part (node.js, workerd.js and deno.js the server module, built for speed; inline.js the full
// module) and call `loadedNow` with its exports;
// api.ts, paginator.ts and the client classes ask `isLoaded`/`whenLoaded`/`notReady` and never
// touch the wasm before it is there. Calls nothing but the error classes and the entry's
// functions.
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
// Code that arrives later (a route's chunk, which bundlers load with `import()`) may need a part
// the chosen module lacks. From the codec module the page then loads the module with every part
// that has run and swaps it in: nothing of the package can make a wasm object in the codec
// module (CursorCodec is keyed, the classes are client), so no object is lost, and plain cursors
// go on working on the codec module until the swap; the entry's `ready` (a live binding) waits
// for the swap. From another module it cannot (its objects live in its memory): the calls that
// need the part throw `not_ready` saying to import pagecursor/full first.
//
// Why no top-level await: an entry that awaited its wasm would hold back every module that
// imports it, so a page's first render (even of a view that never calls pagecursor) and a
// worker's `onmessage` assignment would wait for the download. Instead asynchronous APIs await
// `whenLoaded()` themselves, constructors of CursorStack and InfiniteList defer their wasm
// object, and synchronous calls made too early throw `not_ready` saying what to await.
import { CursorError } from "./errors.js";

let loaded = false; // calls work (on `chosen`)
let failure: unknown; // why a load failed, once one did (undefined: none did)
let pending: Promise<void> | undefined; // the entry's `ready`
let first: Promise<void> | undefined; // the first load's `ready`
// Which parts the code that has run uses: the glue's imports for each (scripts/split-imports.mjs).
const needed: { [part in Part]?: object } = {};
let chosen: Module | undefined; // the module that serves calls (or is loaded first), once chosen
let next: Module | undefined; // the module loading to replace the codec module, if any
let load: Load | undefined; // the browser entry's
let announce: ((ready: Promise<void>) => void) | undefined; // sets the browser entry's `ready`

/**
 * The browser entry's way to load a module: fetches and instantiates it (with the glue's imports
 * for plain cursors and `imports`, those of the parts that have run), and resolves to the
 * function that makes the glue call into it from then on (so that this file chooses when).
 */
export type Load = (module: Module, imports: object[]) => PromiseLike<() => unknown>;

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
 * it is on the page, and `imports` are the glue's functions that the part's modules import. Late
 * code (after the choice) may start loading a larger module. */
export function uses<P extends Part>(part: P, imports: object): P {
  needed[part] = imports;
  if (chosen === "codec" && load !== undefined && !has(next, part)) {
    const target = (next = moduleWith(needed.keyed, needed.client));
    // Fetched one microtask later, so that the marks of one chunk's module graph (which
    // evaluates in one go) ask for one module, not one per part; swapped in once the codec
    // module's own load settled (its swap must not come after this one). A later upgrade to a
    // larger module supersedes this one: this one's promise is then that one's (which waits for
    // the first load only, never for this one). A superseded upgrade never loads: `next` only
    // moves on to larger modules (or to undefined, when one fails), so it is never this
    // target again.
    const fetched = Promise.resolve().then(() => (next === target ? load!(target, Object.values(needed)) : undefined));
    const swap = Promise.all([first!.catch(() => {}), fetched]).then(
      ([, use]): Promise<void> | void => {
        if (next !== target) return pending;
        use!();
        chosen = target;
        next = undefined;
        loaded = true;
      },
      (err: unknown): never => {
        if (next === target) next = undefined;
        throw err;
      },
    );
    announce!(settle(swap));
  }
  return part;
}

// Whether each part is there, by truthiness: the parts' imports, or `in` tests of exports.
const moduleWith = (keyed: unknown, client: unknown): Module =>
  keyed ? (client ? "full" : "keyed") : client ? "client" : "codec";

/** For the browser entries: which module to fetch, given what has run so far; final. */
export function chooseModule(): Module {
  return (chosen ??= moduleWith(needed.keyed, needed.client));
}

/**
 * Called once by the browser entry, with its way to load a module and to set its `ready`. The
 * choice waits one microtask (see above). Returns the entry's first `ready`: resolves to
 * undefined once usable.
 */
export function loadWith(loadModule: Load, setReady: (ready: Promise<void>) => void): Promise<void> {
  load = loadModule;
  announce = setReady;
  return (first = settle(
    Promise.resolve().then(async () => {
      // The module chosen has exactly the parts whose marks have run: their imports are its.
      (await loadModule(chooseModule(), Object.values(needed)))();
      loaded = true;
    }),
  ));
}

/** `loading` as the entry's `ready`: a failure becomes a CursorError, remembered for notReady. */
function settle(loading: Promise<void>): Promise<void> {
  const ready = loading.then(undefined, (err: unknown): never => {
    failure = err;
    throw new CursorError("not_ready", `pagecursor: the WebAssembly module failed to load: ${describe(err)}`, { cause: err });
  });
  // A page that never awaits `ready` and never calls pagecursor should not see an unhandled
  // rejection; anything that needs the module reports the failure itself (notReady, whenLoaded).
  ready.catch(() => {});
  return (pending = ready);
}

/**
 * For a synchronous entry: the module whose `exports` the glue's `initSync` returned is
 * instantiated now. The entries load a module with every part (the server module or the full
 * one), but the glue keeps a module it was given
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
  // notReady says why: a module without `part` and none coming, or no load started.
  return pending === undefined || !(has(chosen ?? "full", part) || has(next, part)) ? Promise.reject(notReady(what, part)) : pending;
}

/**
 * The error of a synchronous call made before `ready` resolved (with `part`, of a call that
 * needs it, on a page whose module lacks it and will not get it).
 */
export function notReady(what: string, part?: Part): CursorError {
  if (failure !== undefined) {
    return new CursorError("not_ready", `${what}: the WebAssembly module failed to load (${describe(failure)})`, { cause: failure });
  }
  if (chosen !== undefined && !has(chosen, part) && !has(next, part)) {
    return new CursorError(
      "not_ready",
      `${what} is not in the WebAssembly module this page chose at start: import the pagecursor/full entry first`,
    );
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
