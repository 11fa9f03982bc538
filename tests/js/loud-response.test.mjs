// The fetch Response checks of tests/js/loud-response.mjs in Node (Chromium:
// tests/browser/loud.test.mjs).
import { test } from "node:test";
import * as lib from "pagecursor";
import { checks } from "./loud-response.mjs";

for (const [name, fn] of Object.entries(checks)) test(name, () => fn(lib));
