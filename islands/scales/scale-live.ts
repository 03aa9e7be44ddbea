/**
 * The scale pages' live updates (docs/decisions/058-scale-live-updates.md): no React, its own small
 * entry (scripts/build.ts). It listens to the page's server-sent events (`#scale-live[data-stream]`)
 * and patches what the page marked: `[data-live-item]` holds an item's scale quantity (the coloured
 * cell), `[data-live-scale][data-live-field]` a scale's texts. The server sends the texts already
 * in the page's language; the browser's EventSource connects again by itself after a drop.
 */
import { LIVE_EVENT, type LiveEvent, type LiveItem, type LiveScale } from "@/modules/warehouse/scale-feed/live-event";

const root = document.getElementById("scale-live");
const stream = root?.dataset.stream;

function patchItem(item: LiveItem) {
  for (const cell of document.querySelectorAll<HTMLElement>(`[data-live-item="${item.id}"]`)) {
    if (item.quantity === null) {
      cell.replaceChildren();
      continue;
    }
    let mark = cell.querySelector<HTMLElement>(".scale-quantity");
    if (!mark) {
      mark = document.createElement("span");
      mark.className = "scale-quantity";
      cell.replaceChildren(mark);
    }
    mark.textContent = item.quantity;
    mark.dataset.scaleColour = item.colour;
    if (item.title) mark.title = item.title;
    else mark.removeAttribute("title");
  }
}

const SCALE_FIELDS = ["weight", "weightNumber", "change", "reading", "age"] as const;

function patchScale(scale: LiveScale) {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-live-scale="${scale.id}"]`)) {
    const field = element.dataset.liveField;
    if (field === "silent") element.hidden = true;
    else if (field && (SCALE_FIELDS as readonly string[]).includes(field)) element.textContent = scale[field as (typeof SCALE_FIELDS)[number]];
  }
}

if (stream && typeof EventSource === "function") {
  const source = new EventSource(stream);
  source.addEventListener(LIVE_EVENT, (message) => {
    const event = JSON.parse((message as MessageEvent<string>).data) as LiveEvent;
    for (const scale of event.scales) patchScale(scale);
    for (const item of event.items) patchItem(item);
    document.body.dataset.scaleLiveEvents = String(Number(document.body.dataset.scaleLiveEvents ?? 0) + 1);
  });
  source.addEventListener("open", () => {
    document.body.dataset.scaleLive = "open";
  });
  // Leaving the page closes the stream at once, so the server drops the client without waiting for a write to fail.
  window.addEventListener("pagehide", () => source.close());
}
