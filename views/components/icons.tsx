/** Small inline SVG icons: no icon font, nothing to download. */
const paths = {
  check: "M4 10l4 4 8-8",
  cross: "M5 5l10 10M15 5L5 15",
  alert: "M10 3l8 14H2L10 3zm0 5v4m0 2.5v.5",
  plus: "M10 4v12M4 10h12",
  edit: "M4 16l1-4 8-8 3 3-8 8-4 1z",
  sortAsc: "M10 5l4 6H6l4-6z",
  sortDesc: "M10 15l4-6H6l4 6z",
  sortNone: "M10 4l3 4H7l3-4zm0 12l3-4H7l3 4z",
  basket: "M3 7h14l-2 9H5L3 7zm4 0l3-4 3 4",
  user: "M10 10a3 3 0 100-6 3 3 0 000 6zm-6 7c0-3 3-5 6-5s6 2 6 5",
  fence: "M3 17V6l2-2 2 2v11M9 17V6l2-2 2 2v11M15 17V6l2-2 2 2v11M2 9h18M2 14h18",
  order: "M5 3h10v14H5zM7 7h6M7 10h6M7 13h4",
  warehouse: "M2 8l8-5 8 5v9H2zM6 17v-5h8v5",
  promise: "M10 2l2.5 5 5.5.8-4 3.9.9 5.5L10 14.6 5.1 17.2 6 11.7 2 7.8 7.5 7z",
  product: "M3 6l7-3 7 3-7 3-7-3zm0 0v8l7 3 7-3V6M10 9v8",
  logout: "M12 4h4v12h-4M8 6l-4 4 4 4M4 10h9",
  flag: "M5 17V3m0 1h10l-2.5 3.5L15 11H5",
  info: "M10 2a8 8 0 110 16 8 8 0 010-16zM10 9v5M10 6v.5",
  money: "M2 6h16v8H2zM10 8a2 2 0 110 4 2 2 0 010-4zM4.5 8v4M15.5 8v4",
  /** A banknote with a tick under it: paid. */
  moneyPaid: "M2 3h16v8H2zM10 5a2 2 0 110 4 2 2 0 010-4zM6 15l3 3 6-6",
  /** A banknote struck through: not paid. */
  moneyUnpaid: "M2 6h16v8H2zM10 8a2 2 0 110 4 2 2 0 010-4zM2 18L18 2",
  truck: "M2 5h10v9H2zM12 8h4l2 3v3h-6zM5.5 17a1.5 1.5 0 110-3 1.5 1.5 0 010 3zM14.5 17a1.5 1.5 0 110-3 1.5 1.5 0 010 3z",
  question: "M10 2a8 8 0 110 16 8 8 0 010-16zM7.5 7.5a2.5 2.5 0 115 0c0 1.8-2.5 2-2.5 4M10 14v.5",
  paperclip: "M13.5 6.5l-5.8 5.8a1.6 1.6 0 002.3 2.3l6-6a3.2 3.2 0 00-4.5-4.5l-6 6a4.8 4.8 0 006.8 6.8l5.2-5.2",
} as const;

export type IconName = keyof typeof paths;

/** Size and stroke come from the `.icon` rule in app.css, so a table of icons carries only the shapes. */
export function Icon({ name, label, className }: { name: IconName; label?: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 20 20"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** The same icon as markup, for markup built as a string (RawHtml); `label` must be escaped already. */
export function iconMarkup(name: IconName, escapedLabel?: string): string {
  return `<svg class="icon" viewBox="0 0 20 20"${roleMarkup(escapedLabel)}><path d="${paths[name]}"></path></svg>`;
}

/** A labelled icon is an image; an unlabelled one is hidden from assistive technology. */
const roleMarkup = (escapedLabel?: string) => (escapedLabel ? ` role="img" aria-label="${escapedLabel}"` : ' aria-hidden="true"');

/**
 * The icon as a reference to the page's sprite (IconSprite): a page repeating an icon thousands of
 * times carries its shape once. The same role and label as iconMarkup; `label` must be escaped
 * already. The sprite's symbol brings the viewBox, the `.icon` rule the size and stroke (both
 * inherited by the `<use>`'s copy), so it draws the same as the inline icon.
 */
export function iconUseMarkup(name: IconName, escapedLabel?: string): string {
  return `<svg class="icon"${roleMarkup(escapedLabel)}><use href="#icon-${name}"/></svg>`;
}

/** The shapes a page's iconUseMarkup refers to, once each: rendered once near the top of the page. */
export function IconSprite({ names }: { names: readonly IconName[] }) {
  return (
    // Never drawn itself (`.icon-sprite` in app.css; its size 0 without the stylesheet too).
    <svg className="icon-sprite" width="0" height="0" aria-hidden="true">
      {[...new Set(names)].map((name) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 20 20">
          <path d={paths[name]} />
        </symbol>
      ))}
    </svg>
  );
}
