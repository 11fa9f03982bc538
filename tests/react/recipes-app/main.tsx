// Runs the recipes of docs/react.md as written (tests/react/recipes.mjs extracts them into
// ../.recipes/), one per ?view=, against the APIs that tests/react/recipes.test.mjs answers.
// Each view's recipe is imported only when that view is shown: the page's own bundle holds
// React alone, so the lazy-loading recipe's test can see pagecursor arrive on the click.
import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";

const views: Record<string, () => Promise<ReactNode>> = {
  feed: async () => {
    const { Feed } = await import("../.recipes/recipe-1.tsx");
    return <Feed />;
  },
  orders: async () => {
    const { Orders } = await import("../.recipes/recipe-2.tsx");
    return <Orders />;
  },
  repos: async () => {
    const [{ QueryClient, QueryClientProvider }, { Repos }] = await Promise.all([import("@tanstack/react-query"), import("../.recipes/recipe-3.tsx")]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
    return (
      <QueryClientProvider client={client}>
        <Repos />
      </QueryClientProvider>
    );
  },
  worker: async () => {
    const { ExportPosts } = await import("../.recipes/ExportPosts.tsx");
    return <ExportPosts filter="all" />;
  },
  virtuoso: async () => {
    const { VirtuosoFeed } = await import("../.recipes/VirtuosoFeed.tsx");
    return <VirtuosoFeed />;
  },
  virtual: async () => {
    const { VirtualFeed } = await import("../.recipes/VirtualFeed.tsx");
    return <VirtualFeed />;
  },
  lazy: async () => {
    const { LazyFeed } = await import("../.recipes/LazyFeed.tsx");
    return <LazyFeed />;
  },
};

const view = new URL(location.href).searchParams.get("view") ?? "feed";
const show = views[view];
if (show === undefined) throw new Error(`no view ${view}`);
const root = createRoot(document.getElementById("root")!);
void show().then((node) => root.render(node));
