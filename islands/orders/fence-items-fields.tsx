/**
 * The small pieces the items editor's panels are made of: a number and an amount of money for
 * people, a labelled field with its message, and the cells of a line table (an input, the line's
 * total, the × that removes it).
 */
import type { ReactNode } from "react";
import type { Lang } from "@/lib/lang";
import { formatMoney } from "@/lib/money";
import { halereToKc, kcToHalere, lineTotalHalere } from "@/modules/orders/fence-item/engine";
import { parseNum } from "./fence-items-model";

/** A number for people: decimal comma, at most `places` decimals (an area keeps its 3: 3,825 m², not 3,83); as the drawing writes its mm. */
export { formatMm as formatNumber } from "./fence-drawing";

/** Haléře as money in the page's language; a dash while there is no amount. */
export const moneyText = (halere: number | null, lang: Lang): string => (halere === null ? "–" : formatMoney(halereToKc(halere), lang));

/** The label, the input and its message or hint. */
export function FieldBox(props: { id: string; label: string; name?: string; className?: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className={`field${props.className ? ` ${props.className}` : ""}${props.error ? " field-invalid" : ""}`} data-field={props.name}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? (
        <span className="field-error" id={`${props.id}-msg`}>
          {props.error}
        </span>
      ) : props.hint ? (
        <span className="field-hint" id={`${props.id}-msg`}>
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

/** A text cell of a line table (amount, unit price, name): its input, marked when empty and required or refused. */
export function LineInput(props: { name: string; label: string; value: string; error?: string; missing?: boolean; decimal?: boolean; onChange: (value: string) => void }) {
  const classes = [props.missing ? "field-missing" : "", props.error ? "field-invalid" : ""].join(" ").trim();
  return (
    <td className={classes || undefined}>
      <input type="text" name={props.name} inputMode={props.decimal ? "decimal" : undefined} aria-label={props.label} value={props.value} onChange={(event) => props.onChange(event.target.value)} />
      {props.error ? <span className="field-error">{props.error}</span> : null}
    </td>
  );
}

/** amount × unit price of a line as typed, rounded as the server rounds it; a dash until both are numbers. */
export function LineTotal({ amount, unitPrice, lang }: { amount: string; unitPrice: string; lang: Lang }) {
  const [count, price] = [parseNum(amount), parseNum(unitPrice)];
  const ready = count !== undefined && price !== undefined && Number.isFinite(count + price);
  return <td className="align-end fi-num">{ready ? formatMoney(halereToKc(lineTotalHalere(count, kcToHalere(price))), lang) : "–"}</td>;
}

/** The × that removes a line. */
export function RemoveLine(props: { label: string; title?: string; disabled?: boolean; onClick: () => void }) {
  return (
    <td>
      <button type="button" className="link-button danger-link" disabled={props.disabled} title={props.title ?? props.label} aria-label={props.label} onClick={props.onClick}>
        ×
      </button>
    </td>
  );
}
