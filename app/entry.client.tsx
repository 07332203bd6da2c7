import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// Specification 8: an uncaught error anywhere is reported to the visitor in plain words.
function report(message: string) {
  window.alert(`Error detected: ${message} (Check console for details)`);
}
window.addEventListener("error", (event) => {
  if (event.error instanceof Error || event.message) report(event.error instanceof Error ? event.error.message : event.message);
});
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  report(reason instanceof Error ? reason.message : String(reason));
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
