/**
 * One action of a lazily loaded editor tab (uploads, deletes…), answered the way the request
 * came: htmx gets the tab fragment again with a toast (HX-Trigger), a plain form post a 303 to
 * the editor's tab with a flash toast. A refusal (`fail`) shows its messages the same ways, the
 * htmx fragment with status 422 and the texts above its form; any other error is rethrown.
 */
import { AppError, type Message } from "@/lib/errors";
import type { AppContext } from "@/lib/hono-env";
import { translateMessage } from "@/lib/i18n";
import { flash } from "./render";
import { htmxToast, isHtmx } from "@/lib/http/htmx";

export interface TabActionInit {
  /** The work; answers the success message. */
  work: () => Promise<Message>;
  /** Renders the tab fragment (after the work, or with the refusal's texts). */
  tab: (init: { status?: number; errors?: string[] }) => Promise<Response>;
  /** The editor on this tab, for plain form posts. */
  redirectTo: string;
}

export async function tabAction(c: AppContext, { work, tab, redirectTo }: TabActionInit): Promise<Response> {
  const t = c.get("t");
  try {
    const text = translateMessage(t, await work());
    if (isHtmx(c)) {
      htmxToast(c, { kind: "success", text });
      return tab({});
    }
    flash(c, "success", text);
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    const texts = error.messages.map((message) => translateMessage(t, message));
    if (isHtmx(c)) {
      htmxToast(c, { kind: "fail", text: texts.join(" ") });
      return tab({ status: 422, errors: texts });
    }
    for (const text of texts) flash(c, "fail", text);
  }
  return c.redirect(redirectTo, 303);
}
