// The password policy in one place: Better Auth enforces it (lib/auth.server.ts),
// the shared account schema checks it in the browser and the action, and the
// forms tell it.

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work of hashing; far more than any passphrase needs. */
export const PASSWORD_MAX_LENGTH = 128;

/** The hint under a new-password field. */
export const PASSWORD_HINT = `Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`;
