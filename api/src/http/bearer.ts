// The one reader of `Authorization: Bearer <token>` (training admins' tokens, agents' API tokens, the
// voice-AI and transfer callers' keys): the scheme in any case, the header trimmed, one token with no
// space in it; anything else is no token at all.
export function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
}
