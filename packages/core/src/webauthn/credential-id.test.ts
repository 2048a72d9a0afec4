import { describe, expect, it } from "vitest"
import {
  base64ToBytes,
  bytesToBase64,
  storedCredentialId,
  stringToTransports,
  transportsToString,
  webauthnCredentialId,
} from "./credential-id.js"

describe("credential id spellings", () => {
  it("stores base64url ids as padded standard base64 and gives them back as base64url", () => {
    const bytes = new Uint8Array([251, 255, 190, 0, 1])
    const url = Buffer.from(bytes).toString("base64url")
    const stored = storedCredentialId(url)!
    expect(stored).toBe(Buffer.from(bytes).toString("base64"))
    expect(webauthnCredentialId(stored)).toBe(url)
    expect(storedCredentialId(stored)).toBe(stored)
  })

  it("refuses what is not base64", () => {
    for (const bad of ["", "%%", "a b", "abcde", "a=b"]) expect(storedCredentialId(bad)).toBeUndefined()
  })

  it("round-trips key bytes and transports", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(77))
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"))
    expect(transportsToString(["usb", "nfc"])).toBe("usb,nfc")
    expect(transportsToString("usb")).toBeUndefined()
    expect(stringToTransports("usb,nfc")).toEqual(["usb", "nfc"])
    expect(stringToTransports(null)).toBeUndefined()
  })
})
