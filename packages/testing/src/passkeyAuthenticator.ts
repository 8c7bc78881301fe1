import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from "node:crypto";

/**
 * A software passkey authenticator for the server's tests: what a phone's authenticator does for
 * navigator.credentials.create() and .get(), with a real P-256 key (ES256), "none" attestation and
 * the user present and verified, so the server's WebAuthn verification runs for real. The browser
 * tests use Chromium's own virtual authenticator instead.
 */

export interface SoftPasskey {
  /** base64url, as the server stores it. */
  credentialId: string;
  /** The user handle the options named (base64url). */
  userHandle: string;
  rpId: string;
  privateKey: KeyObject;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

// ---- The little CBOR WebAuthn needs: unsigned and negative integers, bytes, text, maps ----

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const counterBytes = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n, 0);
  return out;
};

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
const UP_UV = 0x05;
const UP_UV_AT = 0x45;

/** Makes a passkey for the options, as navigator.credentials.create() would answer them. */
export function createPasskey(options: CreationOptions, origin: string) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]),
  );
  const credentialId = randomBytes(16);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([UP_UV_AT]),
    counterBytes(0),
    Buffer.alloc(16), // AAGUID: none
    Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
    credentialId,
    cose,
  ]);
  const clientDataJSON = JSON.stringify({
    type: "webauthn.create",
    challenge: options.challenge,
    origin,
    crossOrigin: false,
  });
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  const passkey: SoftPasskey = {
    credentialId: b64url(credentialId),
    userHandle: options.user.id,
    rpId,
    privateKey: createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" })),
    counter: 0,
  };
  const response = {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ["internal" as const],
    },
    authenticatorAttachment: "platform" as const,
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** Signs the options' challenge with the passkey, as navigator.credentials.get() would. */
export function usePasskey(passkey: SoftPasskey, options: RequestOptions, origin: string) {
  passkey.counter += 1;
  const authData = Buffer.concat([
    sha256(options.rpId ?? passkey.rpId),
    Buffer.from([UP_UV]),
    counterBytes(passkey.counter),
  ]);
  const clientDataJSON = JSON.stringify({
    type: "webauthn.get",
    challenge: options.challenge,
    origin,
    crossOrigin: false,
  });
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    authenticatorAttachment: "platform" as const,
    clientExtensionResults: {},
  };
}
