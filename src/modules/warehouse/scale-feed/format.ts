/** How the scale pages write weights and ages, in the page's language (the live events say the same). */
import type { Lang } from "@/lib/context";
import { tFor } from "@/lib/i18n";
import { formatDecimal } from "@/lib/money";

/** `1 234,5 g`; empty for none. */
export const gramsText = (grams: number | null, lang: Lang): string => (grams === null ? "" : `${formatDecimal(grams, lang, 1)}\u00a0g`);

/** "před 5 min" / "5 min ago"; under a minute "právě teď" / "just now"; hours past two hours, days past two days. */
export function ageText(at: Date | null, now: Date, lang: Lang): string {
  if (!at) return "";
  const t = tFor(lang);
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 1) return t("scaleFeed.ageNow");
  if (minutes < 120) return t("scaleFeed.ageMinutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("scaleFeed.ageHours", { count: hours });
  return t("scaleFeed.ageDays", { count: Math.floor(hours / 24) });
}
