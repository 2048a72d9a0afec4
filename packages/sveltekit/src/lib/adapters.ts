/** The adapter contract, re-exported so adapters can be typed against `@gatehouse/sveltekit/adapters`. */
export * from "@gatehouse/core/adapters"
