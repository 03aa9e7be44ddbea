/**
 * The bare stack's ceiling for `npm run bench -- --load` (docs/architecture.md#bench): the same
 * Bun, Hono and React the app runs, serving a 50-row table rendered with renderToString from rows
 * held in memory: no session, no database, no layout. What the app's pages serve is read as a
 * share of this.
 *
 *   bun tests/bench/load-ceiling.tsx      prints `PORT <n>` once it listens on 127.0.0.1
 */
import { Hono } from "hono";
import { renderToString } from "react-dom/server";

interface Row {
  id: number;
  name: string;
  customer: string;
  deadline: string;
  price: string;
  status: string;
}

const ROWS: Row[] = Array.from({ length: 50 }, (_, i) => ({
  id: 1_000_001 + i,
  name: `Zakázka č. ${2026_00_000 + i}`,
  customer: `Zákazník ${i % 7} s.r.o.`,
  deadline: `${String((i % 28) + 1).padStart(2, "0")}.12.2026`,
  price: `${(12_345.5 + i * 101).toLocaleString("cs-CZ", { minimumFractionDigits: 2 })} Kč`,
  status: i % 3 === 0 ? "Potvrzená" : "Nabídka",
}));

function Table({ rows }: { rows: Row[] }) {
  return (
    <html lang="cs">
      <head>
        <meta charSet="utf-8" />
        <title>Zakázky</title>
      </head>
      <body>
        <table>
          <thead>
            <tr>
              <th>Číslo</th>
              <th>Zákazník</th>
              <th>Termín</th>
              <th>Cena</th>
              <th>Stav</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <a href={`/orders/fenceOrder/${row.id}`}>{row.name}</a>
                </td>
                <td>{row.customer}</td>
                <td>{row.deadline}</td>
                <td className="num">{row.price}</td>
                <td>{row.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </body>
    </html>
  );
}

const app = new Hono();
app.get("/", (c) => c.html(`<!DOCTYPE html>${renderToString(<Table rows={ROWS} />)}`));

const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch });
console.log(`PORT ${server.port}`);
