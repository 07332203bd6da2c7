// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_TOAST_MS, type ToastKind, ToastRegion, useToasts } from "./Toast";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The hook and the region together, with buttons standing in for the page's actions. */
function Page() {
  const { toasts, show, dismiss } = useToasts();
  const add = (kind: ToastKind, message: string, duration?: number) => () => show(message, { kind, duration });
  return (
    <>
      <button type="button" onClick={add("success", "Booking saved")}>
        success
      </button>
      <button type="button" onClick={add("info", "Prices updated", 1000)}>
        info
      </button>
      <button type="button" onClick={add("error", "Payment failed")}>
        error
      </button>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </>
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("ToastRegion", () => {
  it("has both live regions in the page before any toast, so later ones are announced", () => {
    render(<ToastRegion toasts={[]} onDismiss={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe("");
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("puts news in the polite status region and failures in the alert region", () => {
    render(<Page />);
    const status = screen.getByRole("status");
    const alert = screen.getByRole("alert");
    fireEvent.click(screen.getByRole("button", { name: "success" }));
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    // The same region elements as before: they were not replaced, only filled.
    expect(screen.getByRole("status")).toBe(status);
    expect(screen.getByRole("alert")).toBe(alert);
    expect([...status.querySelectorAll(".toast__message")].map((p) => p.textContent)).toEqual(["Booking saved", "Prices updated"]);
    expect([...alert.querySelectorAll(".toast__message")].map((p) => p.textContent)).toEqual(["Payment failed"]);
  });

  it("does not take focus", () => {
    render(<Page />);
    const button = screen.getByRole("button", { name: "error" });
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(button);
  });

  it("closes a toast with its labelled close button", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "success" }));
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    const closes = screen.getAllByRole("button", { name: "Close notification" });
    expect(closes).toHaveLength(2);
    fireEvent.click(closes[1] as HTMLElement);
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(screen.getByRole("status").textContent).toContain("Booking saved");
  });

  it("closes a toast by itself after its duration", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "success" }));
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    advance(999);
    expect(screen.queryByText("Prices updated")).not.toBeNull();
    advance(1);
    expect(screen.queryByText("Prices updated")).toBeNull();
    expect(screen.queryByText("Booking saved")).not.toBeNull();
    advance(DEFAULT_TOAST_MS - 1000);
    expect(screen.queryByText("Booking saved")).toBeNull();
  });

  it("waits while the pointer is on the toast, and starts again when it leaves", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "info" }));
    const toast = screen.getByText("Prices updated").closest(".toast") as HTMLElement;
    advance(500);
    fireEvent.mouseEnter(toast);
    advance(10_000);
    expect(screen.queryByText("Prices updated")).not.toBeNull();
    fireEvent.mouseLeave(toast);
    advance(999);
    expect(screen.queryByText("Prices updated")).not.toBeNull();
    advance(1);
    expect(screen.queryByText("Prices updated")).toBeNull();
  });

  it("waits while the keyboard is on the toast", () => {
    render(<Page />);
    fireEvent.click(screen.getByRole("button", { name: "error" }));
    const close = screen.getByRole("button", { name: "Close notification" });
    act(() => close.focus());
    advance(DEFAULT_TOAST_MS * 3);
    expect(screen.queryByText("Payment failed")).not.toBeNull();
    act(() => close.blur());
    advance(DEFAULT_TOAST_MS);
    expect(screen.queryByText("Payment failed")).toBeNull();
  });
});
