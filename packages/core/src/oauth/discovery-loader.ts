/**
 * Discovery, which a federated sign-out and the doctor's issuer check need (edge variant: imported
 * statically, see handler/action-loaders.ts why). On Node, discovery-loader.node.ts loads it, and
 * oauth4webapi with it, at first use: the config check that reaches end-session.ts runs at start-up.
 */
import { discoverAuthorizationServer } from "./discovery.js"

export const loadDiscovery = async () => discoverAuthorizationServer
