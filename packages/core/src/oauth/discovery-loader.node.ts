/** Discovery, loaded at its first use on Node, Deno and Bun (see discovery-loader.ts). */
export const loadDiscovery = () => import("./discovery.js").then((m) => m.discoverAuthorizationServer)
