// The two views of the first-render apps. The first one is static and never touches pagecursor;
// the feed shows the first chunk of items that `loadFirstItems` gives. `?feed` in the page URL
// opens the feed at once (the measurement script); otherwise window.__showFeed() opens it.
import { fetchPage, PAGE_SIZE } from "../fixtures.js";

export function start(loadFirstItems) {
  const app = document.getElementById("app");
  const heading = document.createElement("h1");
  heading.textContent = "Orders";
  const intro = document.createElement("p");
  intro.id = "first-view";
  intro.textContent = "First view: static text, rendered without pagecursor.";
  app.append(heading, intro);
  window.__times = { renderMs: performance.now() };

  window.__showFeed = async () => {
    const list = document.createElement("ul");
    list.id = "feed";
    app.append(list);
    let items;
    try {
      items = await loadFirstItems(fetchPage);
    } catch (err) {
      window.__result = { ok: false, error: `${err?.name}: ${err?.message}` };
      return window.__result;
    }
    for (const item of items) {
      const li = document.createElement("li");
      li.textContent = item.name;
      list.append(li);
    }
    window.__times.firstItemMs = performance.now();
    window.__result = { ok: items.length === PAGE_SIZE && items[0].id === 1, items: items.length };
    return window.__result;
  };
  if (new URLSearchParams(location.search).has("feed")) window.__showFeed();
}
