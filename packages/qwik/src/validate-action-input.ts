import { z } from "zod"
import type { RevokeSessionInput, SignInInput, SignOutInput } from "./types.js"

type ZodSchema = z.ZodTypeAny

type Validated<T> =
  | { success: true; data: T }
  | { success: false; status: number; error: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> } }

/** Built on first use: the schemas are server-only and must not cost the browser anything. */
let signInSchema: ZodSchema | undefined
let signOutSchema: ZodSchema | undefined
let revokeSessionSchema: ZodSchema | undefined

/** A form posts strings: "false" from a hidden input means false. */
function booleanField() {
  return z
    .union([z.boolean(), z.enum(["true", "false"])])
    .transform((value) => value === true || value === "true")
    .optional()
}

function signInInputSchema(): ZodSchema {
  signInSchema ??= z.object({
    providerId: z.string().optional(),
    redirectTo: z.string().optional(),
    options: z.object({ redirectTo: z.string() }).partial().passthrough().optional(),
    authorizationParams: z.union([z.string(), z.instanceof(URLSearchParams), z.record(z.string(), z.string())]).optional(),
    redirectOnFailure: booleanField(),
  })
  return signInSchema
}

function signOutInputSchema(): ZodSchema {
  signOutSchema ??= z.object({ redirectTo: z.string().optional(), federated: booleanField() })
  return signOutSchema
}

function revokeSessionInputSchema(): ZodSchema {
  revokeSessionSchema ??= z
    .object({
      sessionId: z.string().min(1).max(256).optional(),
      scope: z.enum(["others", "all"]).optional(),
    })
    .refine((input) => (input.sessionId === undefined) !== (input.scope === undefined), {
      message: 'Give either "sessionId" or "scope" ("others" or "all"), not both.',
    })
  return revokeSessionSchema
}

/**
 * Checks an action's input. Failures come back as Qwik turns them into the action's value:
 * `{ failed: true, fieldErrors: { <field>: string[] }, formErrors: string[] }`, status 400.
 */
function validate<T>(schema: ZodSchema, data: unknown): Validated<T> {
  const result = schema.safeParse(data)
  if (result.success) return { success: true, data: result.data as T }
  const { formErrors, fieldErrors } = result.error.flatten()
  return { success: false, status: 400, error: { formErrors, fieldErrors: fieldErrors as Record<string, string[]> } }
}

export async function validateSignInInput(_event: unknown, data: unknown): Promise<Validated<SignInInput>> {
  return validate<SignInInput>(signInInputSchema(), data)
}

export async function validateSignOutInput(_event: unknown, data: unknown): Promise<Validated<SignOutInput>> {
  return validate<SignOutInput>(signOutInputSchema(), data)
}

export async function validateRevokeSessionInput(_event: unknown, data: unknown): Promise<Validated<RevokeSessionInput>> {
  return validate<RevokeSessionInput>(revokeSessionInputSchema(), data)
}
