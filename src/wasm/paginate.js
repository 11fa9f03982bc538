// Promise plumbing of the paginator. Racing every request against one never-settling
// "aborted" promise would pile a reaction onto it per page, and a bare setTimeout would keep a
// process alive after the walk: each race here registers its own abort listener and timer and
// removes both as soon as it settles.

// Settles like `promise`, or resolves with `marker` at abort, or with undefined after
// `timeoutMs` (when it is a number >= 0), whichever comes first.
export function raceAbort(promise, signal, marker, timeoutMs) {
  if (signal.aborted) {
    // The outcome is dropped; a failure must not surface as an unhandled rejection.
    promise.then(undefined, () => {});
    return Promise.resolve(marker);
  }
  return new Promise((resolve, reject) => {
    let timer;
    const done = () => {
      signal.removeEventListener("abort", onAbort);
      if (timer !== undefined) clearTimeout(timer);
    };
    const onAbort = () => {
      done();
      resolve(marker);
    };
    signal.addEventListener("abort", onAbort, { once: true });
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
  const ctx = { signal, pageSize, attempt, segment, totalSegments };
  if (pageSize === undefined) delete ctx.pageSize;
  if (totalSegments === undefined) {
    delete ctx.segment;
    delete ctx.totalSegments;
  }
  return ctx;
}
