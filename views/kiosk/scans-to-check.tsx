/** The work log page's "scans to check" (docs/domain.md#kiosk-offline-queue): rejected kiosk scans, each with an apply button. */
import { useView } from "@views/view-context";
import { formatCzechDateTime } from "@/lib/dates";
import type { ScanToCheck } from "@/modules/kiosk/service";

export const SCANS_TO_CHECK_PATH = "/timesheets/worklog/scans";

export function ScansToCheck({ scans }: { scans: ScanToCheck[] }) {
  const { t } = useView();
  if (!scans.length) return null;
  return (
    <section id="scans-to-check" className="scans-to-check">
      <h2>{t("kiosk.check.title")}</h2>
      <p>{t("kiosk.check.help")}</p>
      <table className="data-table">
        <thead>
          <tr>
            <th>{t("kiosk.check.scannedAt")}</th>
            <th>{t("kiosk.check.worker")}</th>
            <th>{t("kiosk.check.code")}</th>
            <th>{t("kiosk.check.reason")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {scans.map((scan) => (
            <tr key={scan.id} data-scan={scan.id}>
              <td>{formatCzechDateTime(scan.scannedAt)}</td>
              <td>{scan.workerName}</td>
              <td>{scan.code}</td>
              <td>{t(scan.reason, scan.values)}</td>
              <td className="row-actions">
                <form method="post" action={`${SCANS_TO_CHECK_PATH}/${scan.id}/apply`}>
                  <button type="submit" className="link-button">
                    {t("kiosk.check.apply")}
                  </button>
                </form>
                <form method="post" action={`${SCANS_TO_CHECK_PATH}/${scan.id}/dismiss`} data-confirm={t("kiosk.check.dismissConfirm")}>
                  <button type="submit" className="link-button">
                    {t("kiosk.check.dismiss")}
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
