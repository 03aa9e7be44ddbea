/**
 * The kiosk's screen and its pairing instructions (docs/domain.md#kiosk-scan-flow): a document of
 * its own, no app layout, no React on the client; islands/kiosk/kiosk.ts drives it.
 */
import { useView } from "@views/view-context";

const STYLE = `
html,body{margin:0;height:100%;font-family:system-ui,sans-serif;background:#111;color:#fff}
.kiosk{display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:100vh;gap:2rem;padding:2rem;box-sizing:border-box;text-align:center}
.kiosk h1{font-size:2.5rem;margin:0}
.kiosk form{display:flex;gap:1rem}
.kiosk input{font-size:2rem;padding:.5rem 1rem;width:22ch}
.kiosk button{font-size:2rem;padding:.5rem 1.5rem}
.kiosk-answer{font-size:2.5rem;font-weight:bold;padding:1.5rem 2rem;border-radius:1rem;min-height:3rem;max-width:40ch}
.kiosk-answer[data-tone=ok]{background:#1b7f3a}.kiosk-answer[data-tone=warn]{background:#b07d00}.kiosk-answer[data-tone=error]{background:#b3261e}
.kiosk-status{font-size:1.5rem;color:#ccc}.kiosk-status[data-offline]{color:#ffb300}
`;

function KioskDocument({ title, children }: { title: string; children: React.ReactNode }) {
  const view = useView();
  return (
    <html lang={view.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>{children}</body>
    </html>
  );
}

export function KioskPage() {
  const { t } = useView();
  return (
    <KioskDocument title={t("kiosk.title")}>
      <main className="kiosk" id="kiosk" data-offline-text={t("kiosk.offline", { count: "{n}" })} data-ready-text={t("kiosk.ready")}>
        <h1>{t("kiosk.scanPrompt")}</h1>
        <form id="kiosk-form" autoComplete="off">
          <input id="kiosk-code" name="code" autoFocus aria-label={t("kiosk.scanPrompt")} maxLength={64} />
          <button type="submit">{t("kiosk.save")}</button>
        </form>
        <div id="kiosk-answer" className="kiosk-answer" role="status" aria-live="assertive" />
        <div id="kiosk-status" className="kiosk-status">
          {t("kiosk.ready")}
        </div>
      </main>
      <script src="/build/kiosk.js" defer />
    </KioskDocument>
  );
}

/** `GET /kiosk/pair/:secret`: asks before pairing; the button posts to the same address. */
export function KioskPairConfirmPage({ action }: { action: string }) {
  const { t } = useView();
  return (
    <KioskDocument title={t("kiosk.pairTitle")}>
      <main className="kiosk" id="kiosk-pair-confirm">
        <h1>{t("kiosk.pairTitle")}</h1>
        <p>{t("kiosk.pairConfirm")}</p>
        <form method="post" action={action}>
          <button type="submit" className="button button-primary">
            {t("kiosk.pairButton")}
          </button>
        </form>
      </main>
    </KioskDocument>
  );
}

export function KioskPairingPage({ error }: { error?: string }) {
  const { t } = useView();
  return (
    <KioskDocument title={t("kiosk.pairTitle")}>
      <main className="kiosk" id="kiosk-pairing">
        <h1>{t("kiosk.pairTitle")}</h1>
        {error ? <p className="kiosk-answer" data-tone="error">{error}</p> : null}
        <p>{t("kiosk.pairHelp")}</p>
      </main>
    </KioskDocument>
  );
}
