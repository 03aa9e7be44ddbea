/**
 * The planning grid's drag and drop (docs/domain.md#planning-rules): a card dropped on another
 * day or van is re-planned through PUT /api/orders/planning/:id/move with the version the page
 * showed; on success the card moves into the cell and keeps the new version, on a 409 the toast
 * says who changed the plan and where it is now (reload to see it). The grid itself is server
 * rendered; this island only listens on it. Each card's "move" link is the keyboard way.
 * Once the grid is up it asks for the range's material marks (GET /api/orders/planning/material)
 * and fills each card's empty mark: an order's material may first need the engine, so the grid
 * does not wait for it.
 */
import { useEffect, useRef } from "react";
import { callApi } from "../api";
import { showToast } from "../toast";

type MaterialState = "IN_STOCK" | "ON_THE_WAY" | "SHORT" | "UNKNOWN";

export interface PlanningBoardProps {
  gridId: string;
  range: { from: string; to: string };
  /**
   * `shortList` holds `{list}`, where the short products go, each as `shortLine` with `{name}`,
   * `{available}` and `{required}` ("Sloupek 60×60: 0 z 3 ks"); `skipped` holds `{count}`.
   */
  texts: { moved: string; failed: string; shortList: string; shortLine: string; skipped: string };
  /** Each state's words and icon markup (escaped on the server). */
  materialMarks: Record<MaterialState, { title: string; markup: string }>;
}

interface MaterialMarks {
  orders: { orderId: number; state: MaterialState; short: { name: string; required: number; available: number }[]; skipped: number }[];
}

const MARK_CLASS: Record<MaterialState, string> = { IN_STOCK: "plan-mark plan-mark-done", ON_THE_WAY: "plan-mark plan-mark-coming", SHORT: "plan-mark", UNKNOWN: "plan-mark plan-mark-unknown" };

/** Fills the cards' material marks of the orders the answer names. */
async function showMaterialMarks(grid: HTMLElement, { range, texts, materialMarks }: Pick<PlanningBoardProps, "range" | "texts" | "materialMarks">) {
  const answer = await callApi<MaterialMarks>(`/api/orders/planning/material?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`);
  if (answer?.status !== "success" || !answer.data) return;
  const byOrder = new Map(answer.data.orders.map((order) => [String(order.orderId), order]));
  const number = new Intl.NumberFormat(document.documentElement.lang || "cs", { maximumFractionDigits: 3 });
  for (const slot of grid.querySelectorAll<HTMLElement>("[data-material-order]")) {
    const order = byOrder.get(slot.dataset.materialOrder ?? "");
    if (!order) continue;
    const mark = materialMarks[order.state];
    slot.className = MARK_CLASS[order.state];
    slot.dataset.material = order.state;
    slot.innerHTML = mark.markup;
    const list = order.short
      .map((line) => texts.shortLine.replace("{name}", line.name).replace("{available}", number.format(line.available)).replace("{required}", number.format(line.required)))
      .join(", ");
    const parts = [mark.title];
    if (list) parts.push(texts.shortList.replace("{list}", list));
    if (order.skipped) parts.push(texts.skipped.replace("{count}", String(order.skipped)));
    slot.title = parts.join(". ");
  }
  grid.dataset.materialReady = "true";
}

interface MovedCard {
  id: number;
  date: string;
  vehicle: { id: number; name: string };
  version: number;
}

/** The refusal's words: a conflict's sentence, else the messages, else the generic text. */
function refusalText(answer: { data?: unknown; fields?: Record<string, string>; meta?: { message?: string } } | null, fallback: string): string {
  if (answer?.meta?.message) return answer.meta.message;
  if (Array.isArray(answer?.data) && answer.data.length) return answer.data.join(" ");
  if (answer?.fields) return Object.values(answer.fields).join(" ");
  return fallback;
}

export default function PlanningBoard({ gridId, range, texts, materialMarks }: PlanningBoardProps) {
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const grid = document.getElementById(gridId);
    if (!grid) return;
    let dragged: HTMLElement | null = null;
    const cellOf = (target: EventTarget | null) => (target instanceof Element ? (target.closest("td.plan-cell") as HTMLElement | null) : null);
    const onDragStart = (event: DragEvent) => {
      const card = event.target instanceof Element ? (event.target.closest(".plan-card") as HTMLElement | null) : null;
      if (!card) return;
      dragged = card;
      card.classList.add("plan-card-dragging");
      event.dataTransfer?.setData("text/plain", card.dataset.planId ?? "");
      if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
    };
    const onDragOver = (event: DragEvent) => {
      const cell = cellOf(event.target);
      if (!cell || !dragged) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    };
    const onDragEnd = () => {
      dragged?.classList.remove("plan-card-dragging");
      dragged = null;
    };
    const onDrop = async (event: DragEvent) => {
      const cell = cellOf(event.target);
      const card = dragged;
      if (!cell || !card) return;
      event.preventDefault();
      onDragEnd();
      if (card.parentElement === cell) return;
      const answer = (await callApi<MovedCard>(`/api/orders/planning/${card.dataset.planId}/move`, {
        method: "PUT",
        body: JSON.stringify({ date: cell.dataset.date, vehicle: Number(cell.dataset.van), version: Number(card.dataset.version) }),
      })) as ({ meta?: { message?: string } } & Awaited<ReturnType<typeof callApi<MovedCard>>>) | null;
      if (answer?.status === "success" && answer.data) {
        card.dataset.version = String(answer.data.version);
        cell.appendChild(card);
        const link = card.querySelector<HTMLAnchorElement>(".plan-card-move");
        if (link) link.focus();
        showToast("success", texts.moved);
        if (status.current) status.current.textContent = texts.moved;
        // The orders take stock by their plans' days: a move may change who gets the last pieces.
        void showMaterialMarks(grid, { range, texts, materialMarks });
        return;
      }
      const text = refusalText(answer, texts.failed);
      showToast(answer?.status === "fail" ? "fail" : "error", text);
      if (status.current) status.current.textContent = text;
    };
    // Dragging needs this island, so the cards become draggable with it, not in every card's markup.
    for (const card of grid.querySelectorAll<HTMLElement>(".plan-card")) card.draggable = true;
    grid.addEventListener("dragstart", onDragStart);
    grid.addEventListener("dragover", onDragOver);
    grid.addEventListener("dragend", onDragEnd);
    grid.addEventListener("drop", onDrop);
    grid.dataset.boardReady = "true";
    void showMaterialMarks(grid, { range, texts, materialMarks });
    return () => {
      grid.removeEventListener("dragstart", onDragStart);
      grid.removeEventListener("dragover", onDragOver);
      grid.removeEventListener("dragend", onDragEnd);
      grid.removeEventListener("drop", onDrop);
    };
  }, [gridId, range, texts, materialMarks]);
  return <p ref={status} className="visually-hidden" aria-live="polite" />;
}
