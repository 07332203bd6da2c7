import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// An uncaught error is logged in plain words for whoever reads the console; the visitor is not
// interrupted by a dialog (an error while rendering shows the page's error boundary instead).
function report(message: string) {
  console.error(`Error detected: ${message}`);
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
