// The recipes of docs/vue.md as written (extracted by tests/vue/recipes.mjs into
// tests/vue/.recipes/), one per ?view=, for tests/vue/recipes.test.mjs.
import { createApp } from "vue";
import Feed from "../.recipes/Feed.vue";
import Orders from "../.recipes/Orders.vue";
import VirtualFeed from "../.recipes/VirtualFeed.vue";

const view = new URL(location.href).searchParams.get("view");
createApp({ feed: Feed, orders: Orders, virtual: VirtualFeed }[view]).mount("#root");
