/**
 * `next/headers`, loaded when first needed. A static import would make Next refuse to build any
 * pages-router file that imports the app's auth.ts ("You're importing a module that depends on
 * next/headers"), although the pages-router paths of `auth` never call it.
 */
export function loadNextHeaders(): Promise<typeof import("next/headers")> {
  return import("next/headers")
}
