/**
 * The shape every action receives: config resolved once, plus what this request decided. Defined
 * with the provider types it is recursive with (providers/types.ts); imported from here by actions.
 */
export type { InternalOptions, InternalProvider, ResolvedCookies } from "../providers/types.js"
