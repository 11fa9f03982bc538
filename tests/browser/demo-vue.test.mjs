// The demo's Vue page (www/vue-src/, built by scripts/build-demo-vue.mjs, served at /www/vue/
// as scripts/demo.sh serves it) in headless Chromium: the checks of
// tests/browser/demo-frameworks.mjs, which the React page passes too, on the same markup.
import { demoPageTests } from "./demo-frameworks.mjs";
import { buildDemoVue } from "../../scripts/build-demo-vue.mjs";

demoPageTests({ name: "Vue", path: "vue", build: buildDemoVue, global: "__demoVue" });
