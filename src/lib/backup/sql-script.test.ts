/** The dump reader (docs/decisions/067-backup-and-restore.md): statements and rows, whatever their text holds. */
import { describe, expect, test } from "bun:test";
import { createdTable, insertedRows, rowCounts, sqlStatements } from "./sql-script";

const statements = (script: string) => [...sqlStatements(script)].map((statement) => statement.text);

describe("sqlStatements", () => {
  test("splits at semicolons outside quotes, dollar-quoted bodies and comments", () => {
    const script = [
      "\\restrict abc123",
      "--",
      "-- PostgreSQL database dump",
      "--",
      "SET statement_timeout = 0;",
      "CREATE FUNCTION public.f() RETURNS trigger",
      "    LANGUAGE plpgsql",
      "    AS $$",
      "BEGIN",
      "  UPDATE t SET a = ';'; RETURN NULL;",
      "END $$;",
      "INSERT INTO public.notes VALUES",
      "\t(1, 'konec řádku;\n\\restrict není příkaz', '{\"a\": \"b;\"}'),",
      "\t(2, 'it''s; fine', $tag$ $$; $tag$);",
      'CREATE TABLE public."Divná; tabulka" (id integer /* komentář; */);',
      "\\unrestrict abc123",
      "",
    ].join("\n");
    expect(statements(script)).toEqual([
      "SET statement_timeout = 0",
      "CREATE FUNCTION public.f() RETURNS trigger\n    LANGUAGE plpgsql\n    AS $$\nBEGIN\n  UPDATE t SET a = ';'; RETURN NULL;\nEND $$",
      "INSERT INTO public.notes VALUES\n\t(1, 'konec řádku;\n\\restrict není příkaz', '{\"a\": \"b;\"}'),\n\t(2, 'it''s; fine', $tag$ $$; $tag$)",
      'CREATE TABLE public."Divná; tabulka" (id integer /* komentář; */)',
    ]);
  });

  test("a statement cut short is returned as it is (the load then fails; the checksum refuses such a file first)", () => {
    expect(statements("SELECT 1;\nINSERT INTO public.t VALUES (1, 'ne")).toEqual(["SELECT 1", "INSERT INTO public.t VALUES (1, 'ne"]);
  });
});

describe("rows in the INSERTs", () => {
  test("counts the top-level tuples, not brackets inside values", () => {
    expect(insertedRows("INSERT INTO public.t VALUES\n\t(1, '(a)', ARRAY[(1)]),\n\t(2, ')(', '{}'),\n\t(3, '''(''', NULL)")).toEqual({ table: "public.t", rows: 3 });
    expect(insertedRows('INSERT INTO drizzle."__drizzle_migrations" VALUES (1, \'h\', 17)')).toEqual({ table: "drizzle.__drizzle_migrations", rows: 1 });
    expect(insertedRows("SELECT 1")).toBeNull();
    expect(createdTable("CREATE TABLE public.orders (\n id integer)")).toBe("public.orders");
  });

  test("every created table has its count, empty ones 0", () => {
    const script = "CREATE TABLE public.a (id integer);\nCREATE TABLE public.b (id integer);\nINSERT INTO public.a VALUES (1), (2);\nINSERT INTO public.a VALUES (3);\n";
    expect(rowCounts(script)).toEqual({ "public.a": 3, "public.b": 0 });
  });
});
