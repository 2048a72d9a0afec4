import { UsageError } from "../usage-error.js"

/** An optional peer, imported when a command needs it, with the install command when it is missing. */
export async function loadOptional<T>(name: string, purpose: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(name)) {
      throw new UsageError(`${purpose} needs ${name}: npm install ${name}`)
    }
    throw error
  }
}
