/**
 * The OAuth code most requests never run: discovery (a federated sign-out, the doctor's issuer check)
 * and the refresh-token request (every session read reaches refresh-grant.ts, few ever refresh).
 * This is the edge variant, importing them statically (see handler/action-loaders.ts why); on Node,
 * oauth-loaders.node.ts loads them, and oauth4webapi with them, at first use.
 */
import { discoverAuthorizationServer } from "./discovery.js"
import { requestRefreshedTokens } from "./refresh-token-request.js"

export const loadDiscovery = async () => discoverAuthorizationServer
export const loadRefreshTokenRequest = async () => requestRefreshedTokens
