// Promise plumbing of the paginator that would otherwise leak: racing every request against
// one never-settling "aborted" promise would pile a reaction onto it per page. Each race here
// registers its own abort listener and removes it when the request settles.

export function raceAbort(promise, signal, marker) {
  if (signal.aborted) {
    // The outcome is dropped; a failure must not surface as an unhandled rejection.
    promise.then(undefined, () => {});
    return Promise.resolve(marker);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(marker);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

// Resolves after `ms` (with undefined) or at abort (with `marker`), whichever comes first; the
// timer is cleared on abort so that a long Retry-After does not keep a process alive.
export function sleepOrAbort(ms, signal, marker) {
  if (signal.aborted) return Promise.resolve(marker);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(marker);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(undefined);
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
