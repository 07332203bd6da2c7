import { useEffect, useState } from "react";
import { timeLeft } from "~/domain/manage/deadline";
import { useManageWords } from "./use-manage-words";

/**
 * The time left until free cancellation ends: written by the server ("3 days 4 hours left"), so
 * the page reads well without JavaScript, then recounted every minute in the browser. Not a live
 * region: a screen reader is not interrupted each minute.
 */
export function Countdown({ until, initial }: { until: string; initial: string }) {
  const words = useManageWords();
  // Null until the browser's clock runs: the server's words stand until then.
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = setInterval(tick, 60_000);
    return () => clearInterval(timer);
  }, []);
  const left = now ? timeLeft(new Date(until), now, words) : initial;
  return (
    <span className="manage-countdown" data-testid="countdown">
      {left ? words("deadline.left", { left }) : words("deadline.ended")}
    </span>
  );
}
