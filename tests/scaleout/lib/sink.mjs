// The export's sink: a second DynamoDB table, written with BatchWriteItem PutRequests. A put is
// idempotent by item key (a second put of the same item leaves the same item), so a page written
// twice after a crash changes nothing in the sink: at-least-once delivery is enough.
//
// Optionally a journal table records every write request: each request carries at most 24 items
// and one journal row that names them, in the same BatchWriteItem call, so a row exists exactly
// when its items were sent in that request. The test counts duplicates from it (DynamoDB itself
// cannot say how often an item was overwritten). The journal is instrumentation, not part of the
// recipe: without it each request carries 25 items.
import { BatchWriteItemCommand } from "@aws-sdk/client-dynamodb";

export class TableSink {
  constructor(client, { table, journal }) {
    this.client = client;
    this.table = table;
    this.journal = journal;
  }

  // writer: { job, attempt } names the writing attempt in journal rows; seq numbers its
  // requests. All chunks of one page are sent at once; the call resolves when every item of the
  // page is stored, which is what allows the caller to checkpoint past the page afterwards.
  async write(items, writer) {
    const per = this.journal ? 24 : 25;
    const sends = [];
    for (let i = 0; i < items.length; i += per) {
      const chunk = items.slice(i, i + per);
      const request = { [this.table]: chunk.map((Item) => ({ PutRequest: { Item } })) };
      if (this.journal) {
        const seq = String(writer.seq++).padStart(6, "0");
        request[this.journal] = [
          {
            PutRequest: {
              Item: {
                PK: { S: writer.job },
                SK: { S: `${writer.attempt}#${seq}` },
                ids: { S: chunk.map((it) => `${it.PK.S}|${it.SK.S}`).join("\n") },
              },
            },
          },
        ];
      }
      sends.push(this.#send(request));
    }
    await Promise.all(sends);
  }

  async #send(request) {
    // DynamoDB may leave part of a batch unprocessed (dynalite never does): send the rest again,
    // with a short pause, until nothing is left.
    for (let round = 0; request && Object.keys(request).length > 0; round++) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** round, 2000)));
      const out = await this.client.send(new BatchWriteItemCommand({ RequestItems: request }));
      request = out.UnprocessedItems;
    }
  }
}
