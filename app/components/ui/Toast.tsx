import { useCallback, useEffect, useRef, useState } from "react";

export type ToastKind = "success" | "info" | "error";

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it closes by itself. */
  duration: number;
}

export const DEFAULT_TOAST_MS = 5000;

/** The toasts on screen, and the means to add and close them. */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, options: { kind?: ToastKind; duration?: number } = {}) => {
    const toast: ToastItem = {
      id: nextId.current++,
      kind: options.kind ?? "info",
      message,
      duration: options.duration ?? DEFAULT_TOAST_MS,
    };
    setToasts((list) => [...list, toast]);
  }, []);
  return { toasts, show, dismiss };
}

/**
 * Where the toasts appear. Both live regions are in the page from the start, so that what is
 * added later is announced: `role="status"` (polite) for news, `role="alert"` for failures.
 * Nothing here takes focus. A toast closes by itself after its duration (paused while the
 * pointer or the keyboard is on it) or with its close button.
 */
export function ToastRegion({
  toasts,
  onDismiss,
  closeLabel = "Close notification",
}: {
  toasts: readonly ToastItem[];
  onDismiss: (id: number) => void;
  /** The close button's name, in the page's language. */
  closeLabel?: string;
}) {
  const polite = toasts.filter((t) => t.kind !== "error");
  const urgent = toasts.filter((t) => t.kind === "error");
  return (
    <div className="toasts">
      <div role="status" className="toasts__region">
        {polite.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} closeLabel={closeLabel} />
        ))}
      </div>
      <div role="alert" className="toasts__region">
        {urgent.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={onDismiss} closeLabel={closeLabel} />
        ))}
      </div>
    </div>
  );
}

function Toast({ toast, onDismiss, closeLabel }: { toast: ToastItem; onDismiss: (id: number) => void; closeLabel: string }) {
  const [paused, setPaused] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { id, duration } = toast;
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(id), duration);
    return () => window.clearTimeout(timer);
  }, [id, duration, paused, onDismiss]);
  // WCAG 2.2.1: the time to read is extended while the pointer or the keyboard is on the toast.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    el.addEventListener("mouseenter", pause);
    el.addEventListener("mouseleave", resume);
    el.addEventListener("focusin", pause);
    el.addEventListener("focusout", resume);
    return () => {
      el.removeEventListener("mouseenter", pause);
      el.removeEventListener("mouseleave", resume);
      el.removeEventListener("focusin", pause);
      el.removeEventListener("focusout", resume);
    };
  }, []);

  return (
    <div ref={box} className={`toast toast--${toast.kind}`} data-duration={duration}>
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => onDismiss(id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
