import type { ReactNode } from "react";
import { Document } from "./document";

export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Document title={title} bodyClass="public">
      <main id="main" className="public-main">
        {children}
      </main>
    </Document>
  );
}
