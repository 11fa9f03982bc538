// Promise plumbing of the paginator. Racing every request against one never-settling
// "aborted" promise would pile a reaction onto it per page, and a bare setTimeout would keep a
// process alive after the walk. An abort listener per race costs more than the rest of a page
// (EventTarget is slow), so each signal gets ONE listener, installed at its first race, that
// settles the races pending at abort; a race removes itself from that set (and clears its
// timer) as soon as it settles.

// signal -> the set of abort callbacks of its pending races.
const pendingBySignal = new WeakMap();

function abortWaiters(signal) {
  let set = pendingBySignal.get(signal);
  if (set === undefined) {
    set = new Set();
    pendingBySignal.set(signal, set);
    signal.addEventListener(
      "abort",
      () => {
        const now = [...set];
        set.clear();
        for (const onAbort of now) onAbort();
      },
      { once: true },
    );
  }
  return set;
}

// Settles like `promise`, or resolves with `marker` at abort, or with undefined after
// `timeoutMs` (when it is a number >= 0), whichever comes first.
export function raceAbort(promise, signal, marker, timeoutMs) {
  if (signal.aborted) {
    // The outcome is dropped; a failure must not surface as an unhandled rejection.
    promise.then(undefined, () => {});
    return Promise.resolve(marker);
  }
  const waiters = abortWaiters(signal);
  return new Promise((resolve, reject) => {
    let timer;
    const onAbort = () => {
      if (timer !== undefined) clearTimeout(timer);
      resolve(marker);
    };
    const done = () => {
      waiters.delete(onAbort);
      if (timer !== undefined) clearTimeout(timer);
    };
    waiters.add(onAbort);
    if (timeoutMs >= 0) {
      timer = setTimeout(() => {
        done();
        resolve(undefined);
      }, timeoutMs);
    }
    promise.then(
      (value) => {
        done();
        resolve(value);
      },
      (error) => {
        done();
        reject(error);
      },
    );
  });
}

// Races a request like `raceAbort`, then hands its outcome to `settle(id, ok, value)`: one
// promise chain instead of a Rust future (its closures and task) per request. Nothing is called
// when the walk aborts first. `settle` is the walk's one callback; it holds the walk weakly and
// is invalidated when the walk is freed (nothing is left to tell then, so that throw is dropped).
export function raceThen(promise, signal, marker, id, settle) {
  const call = (ok, value) => {
    try {
      settle(id, ok, value);
    } catch {
      // The walk was freed while this request was pending.
    }
  };
  raceAbort(promise, signal, marker, -1).then(
    (value) => {
      if (value !== marker) call(true, value);
    },
    (error) => call(false, error),
  );
}

// Resolves with undefined after `ms`, or with `marker` at abort (the timer is then cleared, so
// a long Retry-After does not keep a process alive).
export function sleepOrAbort(ms, signal, marker) {
  return raceAbort(new Promise(() => {}), signal, marker, ms);
}

// Iterator results built in one boundary call, all with one object shape.
export function iterResult(value, done) {
  return { value, done };
}

// The `ctx` argument of fetchPage, in one boundary call; absent fields stay absent.
export function fetchContext(signal, pageSize, attempt, segment, totalSegments) {
  // Built as literals (no `delete`), so every ctx of a walk shares one fast object shape.
  if (totalSegments === undefined) {
    return pageSize === undefined ? { signal, attempt } : { signal, pageSize, attempt };
  }
  return pageSize === undefined
    ? { signal, attempt, segment, totalSegments }
    : { signal, pageSize, attempt, segment, totalSegments };
}
