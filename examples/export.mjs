#!/usr/bin/env node
// The scale-out export (docs/scale-out.md): a DynamoDB table exported through BullMQ, one job
// per parallel-Scan segment, with per-segment progress. The recipe lives beside its test in
// tests/scaleout/, where its npm dependencies (BullMQ, the AWS SDK, the packed pagecursor) are
// installed; this is the command users look for:
//
//   node examples/export.mjs --help
import "../tests/scaleout/export.mjs";
