/** The options of a WebAuthn route: defined with InternalOptions in providers/types.ts (one recursive shape). */
export type { InternalWebAuthnProvider, WebAuthnInternalOptions } from "../providers/types.js"
