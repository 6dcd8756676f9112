import { createContext, useContext, useEffect, useState } from "react";

/** The id of the request being rendered (server only; the X-Request-Id of the response). */
export const RequestIdContext = createContext("");

const ATTRIBUTE = "data-referencia";
let hydrated = false;

/**
 * "Código de referencia: …" under an unexpected error, so that support can find the log line
 * of the visitor's failure (ADR 0023). The server renders the request's id; while the page
 * hydrates, the browser reads the same id back from that server-rendered element (it has no
 * other copy of it). An error met later by a client-side navigation has no id to show.
 */
export function ErrorReference({ className }: { className?: string }) {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () =>
      fromServer ||
      (!hydrated && typeof document !== "undefined"
        ? (document.querySelector(`[${ATTRIBUTE}]`)?.getAttribute(ATTRIBUTE) ?? "")
        : ""),
  );
  useEffect(() => {
    hydrated = true;
  }, []);
  if (!id) return null;
  return (
    <p className={className} {...{ [ATTRIBUTE]: id }}>
      Código de referencia: <span className="font-mono select-all">{id}</span>
    </p>
  );
}
