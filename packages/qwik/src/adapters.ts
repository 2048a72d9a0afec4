/** The adapter contract, re-exported so adapters can be typed against `@gatehouse/qwik/adapters` as they were against `@auth/qwik/adapters`. */
export * from "@gatehouse/core/adapters"
