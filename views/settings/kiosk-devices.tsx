import { barcodeSvg } from "@/lib/barcode";
import { formatCzechDateTime } from "@/lib/dates";
import type { T } from "@/lib/i18n";
import { type KioskDevice, pairingPath } from "@/modules/settings/kiosk-devices/schemas";
import type { IssuedSecret } from "@/modules/settings/users/issued-secrets";
import { Icon } from "../components/icons";
import { useView } from "../view-context";

const PATH = "/settings/kioskDevices";

/** "čeká na spárování", "spárováno", "zrušeno"; a waiting device whose link ran out says so. */
export function kioskStateText(t: T, device: KioskDevice): string {
  const state = t(`kioskDevices.state.${device.state}`);
  return device.pairingExpired ? `${state} – ${t("kioskDevices.linkExpired")}` : state;
}

/** The row's actions: revoke a device that has access or a link; a new link for one waiting or revoked. */
export function KioskDeviceActions({ device }: { device: KioskDevice }) {
  const { t } = useView();
  return (
    <div className="row-actions">
      {device.state !== "paired" ? (
        <form method="post" action={`${PATH}/${device.id}/pairing`}>
          <button type="submit" className="link-button">
            {t("kioskDevices.newLink")}
          </button>
        </form>
      ) : null}
      {device.state !== "revoked" ? (
        <form method="post" action={`${PATH}/${device.id}/revoke`} data-confirm={t("kioskDevices.revokeConfirm", { name: device.name })}>
          <button type="submit" className="link-button danger-link">
            {t("kioskDevices.revoke")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

export const formatInstant = (value: string | null) => (value ? formatCzechDateTime(value) : "");

/** A pairing link as a QR code (an SVG image; no script), for the kiosk's camera or a phone. */
function PairingQr({ url }: { url: string }) {
  const svg = barcodeSvg("qrcode", url, { scale: 3 });
  return <img className="pairing-qr" src={`data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`} alt="" width={200} height={200} style={{ maxWidth: "100%", height: "auto" }} />;
}

/** New pairing links, shown once beside the device list: the link and its QR code. */
export function PairingLinks({ secrets, origin, validHours }: { secrets: IssuedSecret[]; origin: string; validHours: number }) {
  const { t } = useView();
  return (
    <section className="one-time-secrets" aria-labelledby="pairing-links-title">
      <h2 id="pairing-links-title">{t("kioskDevices.linkTitle")}</h2>
      <div className="alert alert-warning" role="alert">
        <Icon name="alert" /> {t("kioskDevices.linkOnce", { hours: validHours })}
      </div>
      {secrets.map((secret) => {
        const url = `${origin}${pairingPath(secret.value)}`;
        return (
          <div key={secret.value} className="pairing-link">
            <p>
              <strong>{secret.label}</strong>
            </p>
            <PairingQr url={url} />
            <p style={{ overflowWrap: "anywhere" }}>
              <a href={url} data-testid="pairing-link" className="one-time-value">
                {url}
              </a>
            </p>
          </div>
        );
      })}
    </section>
  );
}
