// What a failed delivery's connection ran into, in words a receiver's owner can act on. Node's
// and OpenSSL's messages name source files and internal routines ("…:ssl/record/…:354:"): they
// say where the failure was found, not what failed, and are not shown.
import { ADDRESS_REFUSED } from "./webhook.url.js";

const NETWORK: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by the receiver",
  EPIPE: "connection closed by the receiver",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EADDRNOTAVAIL: "address not available",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed for now",
  EPROTO: "TLS handshake failed",
  HPE_INVALID_CONSTANT: "the answer is not HTTP",
};

const CERTIFICATE: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: "self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "a self-signed certificate in its chain",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its issuer is unknown",
  UNABLE_TO_GET_ISSUER_CERT: "its issuer is unknown",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "its issuer is unknown",
  CERT_UNTRUSTED: "not trusted",
  CERT_HAS_EXPIRED: "expired",
  CERT_NOT_YET_VALID: "not yet valid",
  CERT_REVOKED: "revoked",
  ERR_TLS_CERT_ALTNAME_INVALID: "it is not for this host name",
};

/** The failure of a delivery's connection or request, without source paths or internals. */
export function describeFailure(err: NodeJS.ErrnoException): string {
  const code = err.code ?? "";
  if (code === ADDRESS_REFUSED) return `not sent: ${err.message}`;
  if (code in CERTIFICATE) return `certificate not trusted: ${CERTIFICATE[code]}`;
  if (code.startsWith("ERR_SSL_")) {
    return `TLS handshake failed (${code.slice("ERR_SSL_".length).toLowerCase().replace(/_/g, " ")})`;
  }
  if (code.startsWith("ERR_TLS_")) return "TLS handshake failed";
  if (code in NETWORK) return NETWORK[code]!;
  return /^[A-Z][A-Z0-9_]+$/.test(code) ? `network error (${code})` : "network error";
}
