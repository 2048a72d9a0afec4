import { NextRequest } from "next/server.js"

/**
 * The request as the public URL sees it: when AUTH_URL (or NEXTAUTH_URL) is set, its origin replaces the
 * one Next reconstructed (which behind a proxy is often the internal host), keeping path and query.
 */
export async function withEnvUrl(request: Request): Promise<NextRequest> {
  const envUrl = process.env.AUTH_URL ?? process.env.NEXTAUTH_URL
  const asNext = request instanceof NextRequest ? request : new NextRequest(request)
  if (!envUrl) return asNext
  let publicOrigin: string
  try {
    publicOrigin = new URL(envUrl).origin
  } catch {
    return asNext
  }
  const current = new URL(request.url)
  if (current.origin === publicOrigin) return asNext
  const rewritten = new URL(`${current.pathname}${current.search}`, publicOrigin)
  const hasBody = request.method !== "GET" && request.method !== "HEAD"
  return new NextRequest(rewritten, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
  })
}
