export * from "@gatehouse/core/adapters"
