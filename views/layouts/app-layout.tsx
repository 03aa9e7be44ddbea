import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Island } from "@islands/Island";
import BarcodeBox from "@islands/shell/barcode-box";
import { Icon } from "../components/icons";
import { RawHtml } from "../components/raw-html";
import { useView, ViewProvider, type ViewState } from "../view-context";
import { Document } from "./document";
import { type MenuEntry, topMenu } from "./menu";

function isActive(entry: MenuEntry, path: string): boolean {
  if (entry.href && (path === entry.href || path.startsWith(`${entry.href}/`))) return true;
  return entry.children?.some((child) => isActive(child, path)) ?? false;
}

function MenuItems({ entries, level }: { entries: MenuEntry[]; level: number }) {
  const { t, path, user } = useView();
  return (
    <ul className={level === 0 ? "menu" : "submenu"} role={level === 0 ? "menubar" : "menu"}>
      {entries
        .filter((entry) => !entry.adminOnly || user?.isAdmin)
        .map((entry) => {
          const label = t(`menu.${entry.key}`);
          const active = isActive(entry, path);
          return (
            <li key={entry.key} className={`menu-item${entry.children ? " has-children" : ""}${active ? " active" : ""}`} role="none">
              {entry.href ? (
                <a href={entry.href} role="menuitem" aria-current={entry.href === path ? "page" : undefined} aria-haspopup={entry.children ? "true" : undefined}>
                  {label}
                </a>
              ) : (
                <button type="button" role="menuitem" aria-haspopup="true" aria-expanded="false">
                  {label}
                </button>
              )}
              {entry.children ? <MenuItems entries={entry.children} level={level + 1} /> : null}
            </li>
          );
        })}
    </ul>
  );
}

/**
 * The top menu is the same markup for everyone who shares a language, a role and the entries lit
 * by the path: made once per such combination and put in as a string, not rendered per page
 * (docs/decisions/083-throughput.md). A few dozen combinations at most.
 */
const menuMarkup = new Map<string, string>();

function litEntries(entries: MenuEntry[], path: string, into: string[]): string[] {
  for (const entry of entries) {
    if (!isActive(entry, path)) continue;
    into.push(entry.href === path ? `${entry.key}=` : entry.key);
    if (entry.children) litEntries(entry.children, path, into);
  }
  return into;
}

function TopMenu() {
  const view = useView();
  const key = `${view.lang}|${view.user?.isAdmin ? "admin" : ""}|${litEntries(topMenu, view.path, []).join(",")}`;
  let markup = menuMarkup.get(key);
  if (markup === undefined) {
    const alone: ViewState = { ...view, islands: new Set(), rawHtml: undefined, toasts: [], baskets: [] };
    markup = renderToStaticMarkup(
      <ViewProvider value={alone}>
        <MenuItems entries={topMenu} level={0} />
      </ViewProvider>,
    );
    menuMarkup.set(key, markup);
  }
  return <RawHtml as="nav" className="topnav" aria-label={view.t("shell.mainMenu")} html={markup} />;
}

function UserMenu() {
  const { t, user, lang } = useView();
  if (!user) return null;
  return (
    <div className="user-menu menu-item has-children">
      <button type="button" aria-haspopup="true" aria-expanded="false" className="user-menu-button">
        <Icon name="user" /> <span>{user.firstName} {user.lastName}</span>
      </button>
      <div className="submenu user-menu-panel">
        <div className="user-menu-name">
          {user.firstName} {user.lastName}
        </div>
        <div className="user-menu-email">{user.email}</div>
        <form method="post" action="/language" className="language-form">
          <span>{t("shell.language")}:</span>
          <button type="submit" name="lang" value="cs" aria-pressed={lang === "cs"} className="link-button" lang="cs">
            {t("shell.languageNames.cs")}
          </button>
          <button type="submit" name="lang" value="en" aria-pressed={lang === "en"} className="link-button" lang="en">
            {t("shell.languageNames.en")}
          </button>
        </form>
        <form method="post" action="/logout">
          <button type="submit" className="link-button logout-button">
            <Icon name="logout" /> {t("shell.logout")}
          </button>
        </form>
      </div>
    </div>
  );
}

function BasketsColumn() {
  const { t, baskets } = useView();
  return (
    <aside className="baskets-column" aria-label={t("shell.baskets")}>
      <h2 className="baskets-title">
        <Icon name="basket" /> {t("shell.baskets")}
      </h2>
      {baskets.length === 0 ? (
        <p className="baskets-empty">{t("shell.noBaskets")}</p>
      ) : (
        <ul className="baskets-list">
          {baskets.map((basket) => (
            <li key={basket.id}>
              <a
                href={basket.href}
                className={`basket-link${basket.common && basket.itemCount > 0 ? " basket-highlight" : ""}${basket.alert ? " basket-alert" : ""}`}
                data-common={basket.common ? "true" : undefined}
                data-alert={basket.alert ? "true" : undefined}
              >
                <span>{basket.name}</span>
                <span className={basket.alert ? "basket-count badge-alert" : "basket-count"}>{basket.itemCount}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

/**
 * The menu's barcode box. Hydrated as an island only where the page opts in (/index), so a page
 * without islands ships no React (docs/architecture.md#islands); elsewhere the same markup is a plain form that
 * posts to /barcode, which a keyboard-wedge scanner submits with its Enter.
 */
function BarcodeSlot({ island }: { island: boolean }) {
  const { t } = useView();
  const props = { label: t("shell.barcode"), placeholder: t("shell.barcodePlaceholder"), genericError: t("GENERIC_ERROR") };
  if (island) return <Island name="barcode-box" component={BarcodeBox} className="barcode-island" props={props} />;
  return (
    <div className="barcode-island">
      <BarcodeBox {...props} />
    </div>
  );
}

export function AppLayout({
  title,
  children,
  actions,
  barcodeIsland = false,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Hydrate the barcode box (ships the islands runtime); pages with no island leave it off. */
  barcodeIsland?: boolean;
}) {
  const { t } = useView();
  return (
    <Document title={title} bodyClass="app">
      <a className="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      <header className="topbar">
        <a className="brand" href="/index">
          <img src="/static/logo.svg" alt="" width="28" height="28" />
          <span>{t("appName")}</span>
        </a>
        <TopMenu />
        <BarcodeSlot island={barcodeIsland} />
        <UserMenu />
      </header>
      <div className="shell">
        <BasketsColumn />
        <main id="main" className="content" tabIndex={-1}>
          <div className="page-header">
            <h1>{title}</h1>
            {actions ? <div className="page-actions">{actions}</div> : null}
          </div>
          {children}
        </main>
      </div>
    </Document>
  );
}
