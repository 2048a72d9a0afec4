import type { RequestEvent } from "@sveltejs/kit"

/** The posted form, or an empty one when the body is not a form (the action then behaves as if nothing was chosen). */
export async function readForm(event: RequestEvent): Promise<FormData> {
  try {
    return await event.request.formData()
  } catch {
    return new FormData()
  }
}
