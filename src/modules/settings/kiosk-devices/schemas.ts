/**
 * Kiosk devices (docs/domain.md#kiosk-devices): workshop terminals that staff pair with a one-time link. Browser-safe.
 */
import { z } from "zod";
import { requiredText, storableString } from "@/lib/zod-fields";

/** How long a pairing link works after it is made. */
export const PAIRING_VALID_HOURS = 24;

export const kioskDeviceInput = z.object({ name: requiredText(100) });
export type KioskDeviceInput = z.infer<typeof kioskDeviceInput>;

/** 32 random bytes as base64url (43 characters); anything else cannot be a pairing secret. */
export const pairingSecretInput = z.object({
  secret: storableString("validation.required").regex(/^[A-Za-z0-9_-]{43}$/, "kioskDevices.pairingInvalid"),
});

/** The kiosk's pairing route (the /kiosk pages: decision 056). */
export const pairingPath = (secret: string) => `/kiosk/pair/${secret}`;

export type KioskDeviceState = "waiting" | "paired" | "revoked";

export interface KioskDevice {
  id: number;
  name: string;
  state: KioskDeviceState;
  /** ISO instants; null when it has not happened. */
  pairedAt: string | null;
  lastSeenAt: string | null;
  revokedAt: string | null;
  pairingExpiresAt: string | null;
  /** Waiting, but its pairing link has run out: a new one is needed. */
  pairingExpired: boolean;
}
