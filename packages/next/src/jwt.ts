export * from "@gatehouse/core/jwt"
