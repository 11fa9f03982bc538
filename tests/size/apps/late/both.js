// A route that both shows the feed and signs: its chunk's module graph brings the marks of both
// parts at once, so the page asks for the client module and then, before that arrives, for the
// full one, which supersedes it.
export { showFeed } from "./feed.js";
export { sign } from "./signing.js";
