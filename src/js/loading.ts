// When the WebAssembly module can be used. Owns one fact, "is the wasm instantiated?", for the
// whole package: the browser entry (pkg/web.js) hands the promise of its load to `loadWith`,
// the entries that instantiate synchronously (node.js, workerd.js, deno.js, inline.js) call
// `loadedNow`; api.ts, paginator.ts and the client classes ask `isLoaded`/`whenLoaded`/
// `notReady` and never touch the wasm before it is there. Calls nothing but the error classes.
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

/** True once the wasm is instantiated: synchronous calls work. */
export const isLoaded = (): boolean => loaded;

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

/** For a synchronous entry: the module is instantiated now. */
export function loadedNow(): Promise<void> {
  loaded = true;
  return Promise.resolve();
}

/** What an asynchronous API awaits before its first wasm call (undefined: nothing to await). */
export function whenLoaded(): Promise<void> | undefined {
  if (loaded) return undefined;
  return pending ?? Promise.reject(notReady("this call"));
}

/** The error of a synchronous call made before `ready` resolved. */
export function notReady(what: string): CursorError {
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
