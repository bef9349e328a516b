/** Calls under /api/v2/claims (spec 7). */

export interface ClaimCreateRequest {
  /** Any case, colons optional; stored as 12 lowercase hex characters. */
  hwaddr: string;
  /** The panel's 4-digit admin key. */
  key: string;
  nickname?: string;
  /** E-mail fire and fault events of this site to the user; false when left out. */
  notify?: boolean;
}

export interface ClaimRemoveRequest {
  hwaddr: string;
}

/** Body of POST /v2/claims/email/{hwaddr}: turn fire/fault e-mails of the site on or off. */
export interface ClaimEmailRequest {
  state: boolean;
}
