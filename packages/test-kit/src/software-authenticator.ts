/**
 * A software WebAuthn authenticator for tests: it makes real attestations ("none" format) and
 * real ES256 assertions with WebCrypto keys, the way a security key or platform authenticator
 * would, so the server-side verification (by @simplewebauthn/server) runs for real. It also
 * lets a test forge what an attacker would send: another origin or RP ID, a chosen credential
 * id, a counter that goes backwards.
 *
 * This is a test double of the browser side, not verification code.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server"
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers"

// The ceremony JSON this double reads and writes, for tests outside the packages that have @simplewebauthn/server.
export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
}

export interface SoftwareCredential {
  id: Uint8Array
  rpId: string
  userHandle: string
  keys: CryptoKeyPair
  counter: number
}

export interface CeremonyOverrides {
  /** The origin the "browser" reports in clientDataJSON. */
  origin?: string
  /** The RP ID whose hash goes into authenticatorData. */
  rpId?: string
  /** The challenge to sign instead of the one in the options. */
  challenge?: string
  /** Use this credential id instead of a fresh random one (registration). */
  credentialId?: Uint8Array
  /** Report this signature counter instead of the next one (assertion). */
  counter?: number
  userVerified?: boolean
  /** Which stored credential to use (assertion); default: the first one for the RP. */
  credential?: SoftwareCredential
}

const flags = { userPresent: 0x01, userVerified: 0x04, backupEligible: 0x08, backedUp: 0x10, attestedData: 0x40 }

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = []

  /**
   * @param origin the origin the browser is on
   * @param counterStep how much the signature counter grows per assertion: 1 like a security
   *   key, 0 like most synced passkeys (which always report 0)
   */
  constructor(
    readonly origin: string,
    readonly counterStep = 1,
  ) {}

  async register(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides = {}): Promise<RegistrationResponseJSON> {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(overrides.origin ?? this.origin).hostname
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair
    const id = overrides.credentialId ?? crypto.getRandomValues(new Uint8Array(16))
    const credential: SoftwareCredential = { id, rpId, userHandle: options.user.id, keys, counter: 0 }

    const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey)
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    )
    const attestedCredentialData = concat(new Uint8Array(16), uint16(id.length), id, cosePublicKey)
    const authData = concat(
      await sha256(new TextEncoder().encode(rpId)),
      new Uint8Array([flags.userPresent | userVerifiedFlag(overrides) | flags.backupEligible | flags.backedUp | flags.attestedData]),
      uint32(0),
      attestedCredentialData,
    )
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    )
    const clientDataJSON = this.clientData("webauthn.create", overrides.challenge ?? options.challenge, overrides.origin)
    this.credentials.push(credential)
    const encodedId = isoBase64URL.fromBuffer(id as Uint8Array<ArrayBuffer>)
    return {
      id: encodedId,
      rawId: encodedId,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    }
  }

  async authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides = {},
  ): Promise<AuthenticationResponseJSON> {
    const rpId = overrides.rpId ?? options.rpId ?? new URL(overrides.origin ?? this.origin).hostname
    const credential = overrides.credential ?? this.credentials.find((c) => c.rpId === (options.rpId ?? rpId))
    if (!credential) throw new Error(`The software authenticator has no credential for ${rpId}`)
    credential.counter += this.counterStep
    const counter = overrides.counter ?? credential.counter

    const authData = concat(
      await sha256(new TextEncoder().encode(rpId)),
      new Uint8Array([flags.userPresent | userVerifiedFlag(overrides) | flags.backupEligible | flags.backedUp]),
      uint32(counter),
    )
    const clientDataJSON = this.clientData("webauthn.get", overrides.challenge ?? options.challenge, overrides.origin)
    const signed = concat(authData, await sha256(clientDataJSON))
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, credential.keys.privateKey, signed))
    const encodedId = isoBase64URL.fromBuffer(credential.id as Uint8Array<ArrayBuffer>)
    return {
      id: encodedId,
      rawId: encodedId,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    }
  }

  private clientData(type: string, challenge: string, origin = this.origin): Uint8Array<ArrayBuffer> {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }
}

function userVerifiedFlag(overrides: CeremonyOverrides): number {
  return overrides.userVerified === false ? 0 : flags.userVerified
}

async function sha256(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>))
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function uint16(value: number): Uint8Array {
  return new Uint8Array([(value >> 8) & 0xff, value & 0xff])
}

function uint32(value: number): Uint8Array {
  return new Uint8Array([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff])
}

/** WebCrypto signs ECDSA as raw r‖s; WebAuthn carries an ASN.1 DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let start = 0
    while (start < bytes.length - 1 && bytes[start] === 0) start++
    let value = bytes.subarray(start)
    if (value[0] & 0x80) value = concat(new Uint8Array([0]), value)
    return concat(new Uint8Array([0x02, value.length]), value)
  }
  const half = raw.length / 2
  const body = concat(integer(raw.subarray(0, half)), integer(raw.subarray(half)))
  return concat(new Uint8Array([0x30, body.length]), body)
}
