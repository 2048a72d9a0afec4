/**
 * The refresh-token grant's request (edge variant: imported statically, see
 * handler/action-loaders.ts why). On Node, refresh-token-request-loader.node.ts loads it, and
 * oauth4webapi with it, at the first refresh: every session read reaches refresh-grant.ts.
 */
import { requestRefreshedTokens } from "./refresh-token-request.js"

export const loadRefreshTokenRequest = async () => requestRefreshedTokens
