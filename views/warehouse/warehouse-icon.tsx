import type { ReactNode } from "react";
import type { WarehouseIconName } from "@/modules/warehouse/schemas";

/** The pictures of a warehouse's icon (20×20, stroked like views/components/icons.tsx). */
const shapes: Record<WarehouseIconName, ReactNode> = {
  fence: <path d="M3 17V6l2-2 2 2v11M9 17V6l2-2 2 2v11M15 17V6l2-2 2 2v11M1.5 9h17M1.5 14h17" />,
  gate: <path d="M2 18V3M18 18V3M3.5 5h6v11h-6zM10.5 5h6v11h-6zM3.5 16l6-11M16.5 16l-6-11" />,
  wicket: <path d="M3 18V3M17 18V3M6 4h8v13H6zM6 9h8M12 11v2" />,
  warehouse: <path d="M2 8l8-5 8 5v9H2zM6 17v-6h8v6M6 14h8" />,
  truck: (
    <>
      <path d="M1.5 5h10v9h-10zM11.5 8h3.5l3 3v3h-6.5M7 14h5.5" />
      <circle cx="5" cy="15.5" r="1.6" />
      <circle cx="14.5" cy="15.5" r="1.6" />
    </>
  ),
  tools: <path d="M12.5 2.5a4 4 0 0 0-3.7 5.4L2.5 14.2l3.3 3.3 6.3-6.3a4 4 0 0 0 5.4-3.7l-2.6 2.6-2.8-.6-.6-2.8 2.6-2.6z" />,
};

const svgAttributes = {
  viewBox: "0 0 20 20",
  width: "1em",
  height: "1em",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.6,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
};

/** A warehouse's picture; decorative unless `label` names it. Unknown names fall back to the fence. */
export function WarehouseIcon({ icon, label, className }: { icon: string; label?: string; className?: string }) {
  const shape = shapes[icon as WarehouseIconName] ?? shapes.fence;
  return (
    <svg {...svgAttributes} className={`icon warehouse-icon ${className ?? ""}`} role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {shape}
    </svg>
  );
}
