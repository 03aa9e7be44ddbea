import type { AppContext } from "../hono-env";

export type ToastKind = "success" | "fail" | "error" | "warning";

export const isHtmx = (c: AppContext): boolean => c.req.header("HX-Request") === "true";
export const htmxTarget = (c: AppContext): string | undefined => c.req.header("HX-Target");

/** JSON for a header value: header values are bytes, so Czech letters travel as \u escapes. */
export const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Raises a toast in the browser from an htmx answer (public/app.js listens for `toast`). */
export function htmxToast(c: AppContext, toast: { kind: ToastKind; text: string }): void {
  c.header("HX-Trigger", asciiJson({ toast }));
}
