/**
 * The OAuth code most requests never run: discovery (a federated sign-out, the doctor's issuer check).
 * This is the edge variant, importing it statically (see handler/action-loaders.ts why); on Node,
 * oauth-loaders.node.ts loads it, and oauth4webapi with it, at first use. (The refresh-token
 * request is brought by `tokenRefresh: TokenRefresh()`, only to apps that refresh.)
 */
import { discoverAuthorizationServer } from "./discovery.js"

export const loadDiscovery = async () => discoverAuthorizationServer
