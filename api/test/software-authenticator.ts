import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey of a software authenticator: an ES256 key, the attestation "none", its answers built as a browser's
 * (clientDataJSON, authenticatorData, CBOR), signed with node:crypto.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(private readonly origin: string) {}

  private static sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
  private static b64 = (data: Buffer) => data.toString('base64url');

  /** The public key as COSE (a CBOR map: kty EC2, alg ES256, crv P-256, x, y). */
  private coseKey(): Buffer {
    const { x, y } = this.keys.publicKey.export({ format: 'jwk' });
    const coordinate = (value: string | undefined) =>
      Buffer.concat([Buffer.from([0x58, 32]), Buffer.from(value!, 'base64url')]);
    return Buffer.concat([
      Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
      coordinate(x),
      Buffer.from([0x22]),
      coordinate(y),
    ]);
  }

  private authenticatorData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([
      SoftwareAuthenticator.sha256(rpId),
      Buffer.from([flags]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What navigator.credentials.create() gives for these options (RegistrationResponseJSON). */
  create(options: { challenge: string; rp: { id?: string } }) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), length, this.credentialId, this.coseKey()]);
    // User present and verified, attested credential data included.
    const authData = this.authenticatorData(options.rp.id!, 0x45, attested);
    const text = (value: string) => Buffer.concat([Buffer.from([0x60 + value.length]), Buffer.from(value)]);
    const attestationObject = Buffer.concat([
      Buffer.from([0xa3]),
      text('fmt'),
      text('none'),
      text('attStmt'),
      Buffer.from([0xa0]),
      text('authData'),
      // (CBOR's shortest form of the length, as decoders insist.)
      Buffer.from(
        authData.length < 256 ? [0x58, authData.length] : [0x59, authData.length >> 8, authData.length & 0xff],
      ),
      authData,
    ]);
    const id = SoftwareAuthenticator.b64(this.credentialId);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: SoftwareAuthenticator.b64(this.clientData('webauthn.create', options.challenge)),
        attestationObject: SoftwareAuthenticator.b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * What navigator.credentials.get() gives for these options (AuthenticationResponseJSON): signed with `key`, from
   * `origin`, at signature count `counter` (the next one when missing).
   */
  get(
    options: { challenge: string; rpId?: string },
    change: { origin?: string; key?: KeyObject; counter?: number } = {},
  ) {
    this.counter = change.counter ?? this.counter + 1;
    const authData = this.authenticatorData(options.rpId!, 0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, change.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, SoftwareAuthenticator.sha256(clientDataJSON)]),
      change.key ?? this.keys.privateKey,
    );
    const id = SoftwareAuthenticator.b64(this.credentialId);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: SoftwareAuthenticator.b64(clientDataJSON),
        authenticatorData: SoftwareAuthenticator.b64(authData),
        signature: SoftwareAuthenticator.b64(signature),
      },
      clientExtensionResults: {},
    };
  }
}
