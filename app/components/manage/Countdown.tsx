import { useEffect, useState } from "react";
import { timeLeft } from "~/domain/manage/deadline";

/**
 * The time left until free cancellation ends: written by the server ("3 days 4 hours left"), so
 * the page reads well without JavaScript, then recounted every minute in the browser. Not a live
 * region: a screen reader is not interrupted each minute.
 */
export function Countdown({ until, initial }: { until: string; initial: string }) {
  const [left, setLeft] = useState<string | null>(initial);
  useEffect(() => {
    const end = new Date(until);
    const tick = () => setLeft(timeLeft(end, new Date()));
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, [until]);
  return (
    <span className="manage-countdown" data-testid="countdown">
      {left ? `${left} left` : "Free cancellation has just ended: reload the page."}
    </span>
  );
}
