/** The OAuth code of oauth-loaders.ts, loaded at its first use on Node, Deno and Bun. */
export const loadDiscovery = () => import("./discovery.js").then((m) => m.discoverAuthorizationServer)
