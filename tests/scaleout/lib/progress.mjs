// Progress of an export, from what the jobs report (job.progress and job state): per segment
// items, pages, retries, checkpoints, attempts and an ETA. Rendered as a live block of lines on
// a TTY (redrawn in place) or as JSON lines (one per segment whose figures changed, then one
// total) when the output is a pipe or a file.

// The ETA needs an estimate of the table's item count: DescribeTable's ItemCount (DynamoDB
// refreshes it about every six hours; dynalite always says 0) or --expected-items. Segments of a
// parallel Scan are hash ranges of the partition key, not equal shares of the items: a segment's
// ETA assumes an equal share and says "?" once its segment is bigger than that (a hot partition).
export class ProgressBoard {
  constructor({ segments, expectedItems, now = Date.now }) {
    this.segments = segments;
    this.expectedItems = expectedItems;
    this.now = now;
    this.startedAt = now();
    this.rows = new Map();
    this.samples = []; // [ms, items] of the last few seconds, for the rate
    this.lastJson = new Map();
  }

  // snapshot: { id, segment, state, progress, attemptsStarted, failedReason }
  update(snapshots) {
    const t = this.now();
    for (const s of snapshots) {
      const p = s.progress && typeof s.progress === "object" ? s.progress : {};
      const prev = this.rows.get(s.segment);
      const row = {
        segment: s.segment,
        job: s.id,
        state: s.state,
        items: p.items ?? 0,
        pages: p.pages ?? 0,
        retries: p.retries ?? 0,
        checkpoints: p.checkpoints ?? 0,
        attempts: s.attemptsStarted ?? 0,
        pid: p.pid,
        error: s.state === "failed" ? (s.failedReason ?? "failed") : undefined,
        samples: prev?.samples ?? [],
      };
      row.samples.push([t, row.items]);
      while (row.samples.length > 2 && t - row.samples[0][0] > 5000) row.samples.shift();
      this.rows.set(s.segment, row);
    }
    const items = this.totals().items;
    this.samples.push([t, items]);
    while (this.samples.length > 2 && t - this.samples[0][0] > 5000) this.samples.shift();
  }

  totals() {
    const out = { items: 0, pages: 0, retries: 0, checkpoints: 0, completed: 0, failed: 0 };
    for (const r of this.rows.values()) {
      out.items += r.items;
      out.pages += r.pages;
      out.retries += r.retries;
      out.checkpoints += r.checkpoints;
      if (r.state === "completed") out.completed++;
      if (r.state === "failed") out.failed++;
    }
    return out;
  }

  static rate(samples) {
    if (samples.length < 2) return 0;
    const [t0, n0] = samples[0];
    const [t1, n1] = samples[samples.length - 1];
    return t1 > t0 ? ((n1 - n0) * 1000) / (t1 - t0) : 0;
  }

  // Seconds left, or undefined when it cannot be told.
  eta(row) {
    if (row) {
      if (row.state === "completed") return 0;
      if (!this.expectedItems || row.state === "failed") return undefined;
      const share = this.expectedItems / this.segments;
      const rate = ProgressBoard.rate(row.samples);
      if (row.items > share || rate <= 0) return undefined;
      return (share - row.items) / rate;
    }
    const total = this.totals();
    if (total.completed === this.segments) return 0;
    const rate = ProgressBoard.rate(this.samples);
    if (!this.expectedItems || rate <= 0) return undefined;
    return Math.max(0, this.expectedItems - total.items) / rate;
  }

  done() {
    const t = this.totals();
    return this.rows.size === this.segments && t.completed + t.failed === this.segments;
  }

  lines() {
    const fmt = (n) => n.toLocaleString("en-US");
    const secs = (s) => (s === undefined ? "?" : s === 0 ? "-" : `~${Math.ceil(s)}s`);
    const out = ["seg  state       items  pages  retries  ckpts  attempt  pid      eta"];
    for (const r of [...this.rows.values()].sort((a, b) => a.segment - b.segment)) {
      out.push(
        [
          String(r.segment).padStart(3),
          (r.state ?? "").padEnd(9),
          fmt(r.items).padStart(8),
          String(r.pages).padStart(6),
          String(r.retries).padStart(8),
          String(r.checkpoints).padStart(6),
          String(r.attempts).padStart(8),
          String(r.pid ?? "").padEnd(7),
          secs(this.eta(r)).padStart(5),
          r.error ? ` ${r.error}` : "",
        ].join("  "),
      );
    }
    const t = this.totals();
    const elapsed = Math.round((this.now() - this.startedAt) / 1000);
    out.push(
      `all  ${t.completed}/${this.segments} done${t.failed ? `, ${t.failed} failed` : ""}  ` +
        `${fmt(t.items)}${this.expectedItems ? ` / ~${fmt(this.expectedItems)}` : ""} items  ${t.pages} pages  ` +
        `${t.retries} retries  ${t.checkpoints} checkpoints  eta ${secs(this.eta())}  elapsed ${elapsed}s`,
    );
    return out;
  }

  // JSON lines: the segments whose figures changed since the last call, then the total.
  jsonLines() {
    const out = [];
    const t = this.now();
    for (const r of [...this.rows.values()].sort((a, b) => a.segment - b.segment)) {
      const { samples, ...fields } = r;
      const line = { type: "segment", ...fields, eta: round(this.eta(r)) };
      const key = JSON.stringify({ ...line, eta: undefined });
      if (this.lastJson.get(r.segment) === key) continue;
      this.lastJson.set(r.segment, key);
      out.push(JSON.stringify({ t, ...line }));
    }
    out.push(JSON.stringify({ t, type: "total", segments: this.segments, ...this.totals(), eta: round(this.eta()), elapsedMs: t - this.startedAt }));
    return out;
  }
}

const round = (s) => (s === undefined ? null : Math.round(s * 10) / 10);

// Draws a block of lines in place on a TTY: up to the block's first line, clear, draw again.
export class LiveBlock {
  constructor(stream) {
    this.stream = stream;
    this.height = 0;
  }
  draw(lines) {
    const width = this.stream.columns || 120;
    const up = this.height ? `\x1b[${this.height}F` : "";
    this.stream.write(`${up}\x1b[J${lines.map((l) => l.slice(0, width - 1)).join("\n")}\n`);
    this.height = lines.length;
  }
}
