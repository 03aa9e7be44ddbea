/**
 * The kiosk screen's own script (docs/domain.md#kiosk-scan-flow, decision 056): no React, built as its
 * own entry (scripts/build.ts) for a cheap terminal that runs for months. Every scan goes first into
 * a queue in IndexedDB (idb-keyval) with its id and scan time, then the queue is sent in order; when
 * the server cannot be reached the scans wait ("offline, N waiting") and are sent again later. The
 * server answers a repeated scan id with its first answer, so a scan sent twice applies once.
 */
import { get, set, update } from "idb-keyval";

interface QueuedScan {
  code: string;
  scanId: string;
  scannedAt: string;
}

const QUEUE_KEY = "kiosk-queue";
const RETRY_MS = 5000;

const root = document.getElementById("kiosk")!;
const form = document.getElementById("kiosk-form") as HTMLFormElement;
const field = document.getElementById("kiosk-code") as HTMLInputElement;
const answerBox = document.getElementById("kiosk-answer")!;
const statusBox = document.getElementById("kiosk-status")!;

let sending = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

const focusField = () => {
  if (document.activeElement !== field) field.focus();
};

/** A random id; crypto.randomUUID exists only on https or localhost, a workshop LAN may be plain http. */
function newScanId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

let audio: AudioContext | null = null;
function beep(tone: string) {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = tone === "ok" ? 880 : tone === "warn" ? 520 : 220;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + (tone === "ok" ? 0.15 : 0.5));
  } catch {
    // No sound device: the colour still says it.
  }
}

function show(tone: string, text: string) {
  answerBox.dataset.tone = tone;
  answerBox.textContent = text;
  beep(tone);
}

async function showWaiting() {
  const waiting = ((await get<QueuedScan[]>(QUEUE_KEY)) ?? []).length;
  if (waiting > 0) {
    statusBox.dataset.offline = "";
    statusBox.textContent = (root.dataset.offlineText ?? "{n}").replace("{n}", String(waiting));
  } else {
    delete statusBox.dataset.offline;
    statusBox.textContent = root.dataset.readyText ?? "";
  }
}

function scheduleRetry() {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flush();
  }, RETRY_MS);
}

/** Sends the queue in order, one scan at a time; stops at the first scan the server cannot take now. */
async function flush(): Promise<void> {
  if (sending) return;
  sending = true;
  try {
    for (;;) {
      const next = ((await get<QueuedScan[]>(QUEUE_KEY)) ?? [])[0];
      if (!next) break;
      let response: Response;
      try {
        response = await fetch("/api/kiosk/scan", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          credentials: "same-origin",
          body: JSON.stringify(next),
        });
      } catch {
        scheduleRetry();
        break;
      }
      if (response.status === 401) {
        // Revoked: the page shows how to pair again.
        location.reload();
        break;
      }
      if (response.status >= 500 || response.status === 429 || response.status === 408) {
        scheduleRetry();
        break;
      }
      // 200: { data: { tone, text } }; a 4xx envelope: { data: [readable messages] }.
      const body = (await response.json().catch(() => null)) as { data?: { tone: string; text: string } | string[] } | null;
      // A scan the server refused as input (422) cannot succeed later: it is answered and dropped.
      await update<QueuedScan[]>(QUEUE_KEY, (queue = []) => queue.filter((scan) => scan.scanId !== next.scanId));
      const data = body?.data;
      if (response.ok && data && !Array.isArray(data)) show(data.tone, data.text);
      else show("error", Array.isArray(data) ? data.join(" ") : String(response.status));
    }
  } finally {
    sending = false;
    await showWaiting();
  }
}

async function enqueue(code: string) {
  const scan: QueuedScan = { code, scanId: newScanId(), scannedAt: new Date().toISOString() };
  await update<QueuedScan[]>(QUEUE_KEY, (queue = []) => [...queue, scan]);
  await showWaiting();
  await flush();
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const code = field.value.trim();
  field.value = "";
  focusField();
  if (code) void enqueue(code);
});
document.addEventListener("click", () => setTimeout(focusField, 0));
field.addEventListener("blur", () => setTimeout(focusField, 0));
window.addEventListener("online", () => void flush());
window.addEventListener("focus", focusField);

void (async () => {
  if ((await get(QUEUE_KEY)) === undefined) await set(QUEUE_KEY, []);
  focusField();
  await flush();
})();
