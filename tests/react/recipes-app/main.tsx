// Runs the recipes of docs/react.md as written (tests/react/recipes.mjs extracts them into
// ../.recipes/), one per ?view=, against the APIs that tests/react/recipes.test.mjs answers
// through Playwright routes.
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Feed } from "../.recipes/recipe-1.tsx";
import { Orders } from "../.recipes/recipe-2.tsx";
import { Repos } from "../.recipes/recipe-3.tsx";

const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
const view = new URL(location.href).searchParams.get("view");
const root = createRoot(document.getElementById("root")!);
if (view === "feed") root.render(<Feed />);
else if (view === "orders") root.render(<Orders />);
else root.render(<QueryClientProvider client={client}><Repos /></QueryClientProvider>);
