// Shows why worker-unbundled.js names the package by URL: import maps apply to documents, and a
// module worker resolving the bare name "pagecursor" fails. A dynamic import surfaces the
// browser's exact error (a static one only fires a message-less `error` event).
import("pagecursor").then(
  () => self.postMessage({ ok: true, checks: [] }),
  (err) => self.postMessage({ ok: false, error: `${err.name}: ${err.message}` }),
);
