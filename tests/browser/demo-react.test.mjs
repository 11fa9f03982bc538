// The demo's React page (www/react-src/, built by scripts/build-demo-react.mjs, served at
// /www/react/ as scripts/demo.sh serves it) in headless Chromium: the checks of
// tests/browser/demo-frameworks.mjs, which the Vue page passes too.
import { demoPageTests } from "./demo-frameworks.mjs";
import { buildDemoReact } from "../../scripts/build-demo-react.mjs";

demoPageTests({ name: "React", path: "react", build: buildDemoReact, global: "__demoReact" });
