/**
 * RFC 6750 §2.1: the b64token syntax of a bearer credential. Matched in linear time: "=" is
 * outside the class, so the two parts never compete for a character.
 */
export const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
