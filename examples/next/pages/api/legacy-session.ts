import type { NextApiRequest, NextApiResponse } from "next"
import { auth } from "../../auth"

// The pages router: auth(req, res) in an API route.
export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const session = await auth(req, res)
  res.status(session ? 200 : 401).json({ session })
}
