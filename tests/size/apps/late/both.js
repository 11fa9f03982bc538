// A route that both shows the feed and signs: its chunk's module graph brings the marks of both
// parts at once, so the page asks for the full module alone.
export { showFeed } from "./feed.js";
export { sign } from "./signing.js";
