import { useView } from "../view-context";

const badgeStyle = { background: "rgba(0, 0, 0, .12)", borderRadius: "999px", padding: "0 .45rem", fontSize: ".85em", marginLeft: "auto" };

export interface PromiseStatusButton {
  id: number;
  name: string;
  /** Unresolved promises of the status. */
  unresolved: number;
  href: string;
  current: boolean;
}

/** docs/domain.md#promises: one button per promise status, each listing that status's unresolved promises (plain links; the state is in the URL). */
export function PromiseStatusButtons(props: { statuses: PromiseStatusButton[]; allHref: string; allCurrent: boolean }) {
  const { t } = useView();
  return (
    <nav aria-label={t("promise.byStatus")} className="promise-status-buttons">
      <h2 style={{ fontSize: "1rem", marginTop: 0 }}>{t("promise.byStatus")}</h2>
      {props.statuses.length === 0 ? <p className="field-hint">{t("promise.noStatuses")}</p> : null}
      <div style={{ display: "flex", flexDirection: "column", gap: ".4rem" }}>
        {props.statuses.map((status) => (
          <a
            key={status.id}
            className={`button${status.current ? " button-primary" : ""}`}
            href={status.href}
            aria-current={status.current ? "true" : undefined}
            data-status-id={status.id}
          >
            {status.name} <span className="badge" aria-label={t("promise.unresolvedCount", { count: status.unresolved })} style={badgeStyle}>{status.unresolved}</span>
          </a>
        ))}
        <a className={`button${props.allCurrent ? " button-primary" : ""}`} href={props.allHref} aria-current={props.allCurrent ? "true" : undefined}>
          {t("promise.allPromises")}
        </a>
      </div>
    </nav>
  );
}
