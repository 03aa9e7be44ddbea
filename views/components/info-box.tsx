/**
 * The info box: a record's facts as label and value pairs on a white card, in columns that wrap
 * with the width (a document's dates and parties, an order's invoicing state). `rows` lays them
 * one under another with the values aligned at the end (a document's totals).
 */
import type { ReactNode } from "react";

export interface InfoItem {
  label: string;
  value: ReactNode;
  /** Data attributes of the value (for tests and scripts). */
  data?: Record<`data-${string}`, string | number>;
  /** A total: set off from the lines above it. */
  emphasis?: boolean;
}

export function InfoBox(props: { items: (InfoItem | null | false)[]; title?: string; layout?: "grid" | "rows"; className?: string; id?: string; label?: string }) {
  const items = props.items.filter((item): item is InfoItem => Boolean(item));
  return (
    <section
      id={props.id}
      className={["info-box", props.layout === "rows" ? "info-box-rows" : "", props.className].filter(Boolean).join(" ")}
      aria-label={props.title ? undefined : props.label}
    >
      {props.title ? <h2 className="info-box-title">{props.title}</h2> : null}
      <dl>
        {items.map((item) => (
          <div key={item.label} className={item.emphasis ? "info-box-emphasis" : undefined}>
            <dt>{item.label}</dt>
            <dd {...item.data}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
