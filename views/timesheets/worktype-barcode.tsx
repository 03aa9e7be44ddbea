import { Icon } from "../components/icons";
import { useView } from "../view-context";

/**
 * The work type's code on its edit page: the Code 128 image from the API, `WT<id>` as text under
 * it, and a print link to the one-label PDF (the browser's viewer prints it; no script needed).
 */
export function WorkTypeBarcode({ id, code }: { id: number; code: string }) {
  const { t } = useView();
  return (
    <figure className="worktype-barcode" style={{ margin: 0 }}>
      <img src={`/api/timesheets/worktype/barcode?id=${id}`} alt={t("worktype.barcodeAlt", { code })} style={{ maxWidth: "100%", height: "auto", background: "#fff" }} />
      <figcaption style={{ fontFamily: "monospace", fontSize: "1.1rem", letterSpacing: ".1em" }}>{code}</figcaption>
      <p className="field-hint">{t("worktype.barcodeHint")}</p>
      <a className="button" href={`/timesheets/worktype/barcodes.pdf?id=${id}`} target="_blank" rel="noopener">
        {t("worktype.print")}
      </a>
    </figure>
  );
}

/** Beside the work type list: a workplace filter (plain links, the state stays in the URL) and the sheet of codes. */
export function WorkTypeAside(props: { workplaces: { id: number; name: string; href: string; current: boolean }[]; allHref: string; allCurrent: boolean; printHref: string; printLabel: string }) {
  const { t } = useView();
  const link = (href: string, label: string, current: boolean) => (
    <a href={href} aria-current={current ? "true" : undefined} style={current ? { fontWeight: 700 } : undefined}>
      {label}
    </a>
  );
  return (
    <nav aria-label={t("worktype.workplace")}>
      <h2 style={{ fontSize: "1rem", marginTop: 0 }}>{t("worktype.workplace")}</h2>
      <ul style={{ listStyle: "none", padding: 0, margin: "0 0 1rem", lineHeight: 1.8 }}>
        <li>{link(props.allHref, t("worktype.allWorkplaces"), props.allCurrent)}</li>
        {props.workplaces.map((workplace) => (
          <li key={workplace.id}>{link(workplace.href, workplace.name, workplace.current)}</li>
        ))}
      </ul>
      <a className="button" href={props.printHref} target="_blank" rel="noopener">
        <Icon name="order" /> {props.printLabel}
      </a>
    </nav>
  );
}
