/** The refresh-token grant's request, loaded at the first refresh on Node, Deno and Bun (see refresh-token-request-loader.ts). */
export const loadRefreshTokenRequest = () => import("./refresh-token-request.js").then((m) => m.requestRefreshedTokens)
