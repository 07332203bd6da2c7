import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parisInstant, parisParts } from "./booking/paris-time";
import { BACKUP_STALE_MS, backupFileName, backupsBeyond, backupTakenAt, backupWarning, nextBackupAt } from "./backups";
import { adminWordsIn } from "~/lib/test-support/admin-words";

const en = adminWordsIn("en");

const paris = (year: number, month: number, day: number, hour: number, minute = 0) => parisInstant({ year, month, day, hour, minute });
const HOUR = 3_600_000;
const instants = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T00:00:00Z"), noInvalidDate: true });

describe("nextBackupAt", () => {
  it.each([
    ["later today", paris(2026, 11, 26, 1, 0), 3, "2026-11-26T02:00:00.000Z"],
    ["tomorrow once today's hour has passed", paris(2026, 11, 26, 17, 0), 3, "2026-11-27T02:00:00.000Z"],
    ["tomorrow when now is the hour itself", paris(2026, 11, 26, 3, 0), 3, "2026-11-27T02:00:00.000Z"],
    ["summer time", paris(2026, 7, 14, 12, 0), 3, "2026-07-15T01:00:00.000Z"],
    ["hour 0, the next midnight", paris(2026, 11, 26, 23, 59), 0, "2026-11-26T23:00:00.000Z"],
    // 02:00 does not exist on 29 March 2026: it moves forward by the gap, to 03:00 summer time.
    ["an hour the clocks skip", paris(2026, 3, 29, 0, 30), 2, "2026-03-29T01:00:00.000Z"],
    // 02:00 happens twice on 25 October 2026: the first, in summer time.
    ["an hour that happens twice", paris(2026, 10, 25, 0, 30), 2, "2026-10-25T00:00:00.000Z"],
    ["past the first of a twice-happening hour", new Date("2026-10-25T00:30:00Z"), 2, "2026-10-26T01:00:00.000Z"],
    ["New Year's Eve", paris(2026, 12, 31, 22, 0), 3, "2027-01-01T02:00:00.000Z"],
  ])("%s", (_, now, hour, expected) => {
    expect(nextBackupAt(now, hour).toISOString()).toBe(expected);
  });

  it("is always after now, within a day and an hour, on the hour in Paris", () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 23 }), (now, hour) => {
        const next = nextBackupAt(now, hour);
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * HOUR);
        const local = parisParts(next);
        expect(local.minute).toBe(0);
        // Only the hour the clocks skip moves, by the hour they skip.
        expect([hour, hour + 1]).toContain(local.hour);
      }),
    );
  });
});

describe("backup file names", () => {
  it("name the instant in UTC, readable back", () => {
    const at = new Date("2026-11-26T02:00:00.123Z");
    expect(backupFileName(at)).toBe("navette-2026-11-26T02-00-00.123Z.tar.gz");
    expect(backupTakenAt(backupFileName(at))).toEqual(at);
  });

  it("are read back to the instant they were made from", () => {
    fc.assert(
      fc.property(instants, (at) => {
        expect(backupTakenAt(backupFileName(at))).toEqual(at);
      }),
    );
  });

  it("sort in the order they were taken", () => {
    fc.assert(
      fc.property(instants, instants, (a, b) => {
        const [first, second] = [backupFileName(a), backupFileName(b)];
        expect(first < second).toBe(a.getTime() < b.getTime());
      }),
    );
  });

  it.each([
    ["another file", "notes.txt"],
    ["a file being written", ".navette-2026-11-26T02-00-00.123Z.tar.gz.1234.tmp"],
    ["an impossible date", "navette-2026-02-30T02-00-00.000Z.tar.gz"],
    ["another extension", "navette-2026-11-26T02-00-00.123Z.tar"],
  ])("are not read from %s", (_, name) => {
    expect(backupTakenAt(name)).toBeNull();
  });
});

describe("backupsBeyond", () => {
  const names = ["2026-11-20", "2026-11-22", "2026-11-21", "2026-11-23"].map((d) => backupFileName(new Date(`${d}T02:00:00Z`)));

  it("names the oldest backups beyond the newest kept", () => {
    expect(backupsBeyond(names, 2)).toEqual([names[2], names[0]]);
  });

  it("names none when there are no more than kept", () => {
    expect(backupsBeyond(names, 4)).toEqual([]);
  });

  it("never names another file", () => {
    expect(backupsBeyond(["readme.txt", ...names, "pglite"], 1)).not.toContain("readme.txt");
  });

  it("keeps at least the newest, whatever is asked", () => {
    expect(backupsBeyond(names, 0)).not.toContain(names[3]);
  });

  it("keeps exactly the newest `keep` backups", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(instants, { maxLength: 30, selector: (d) => d.getTime() }),
        fc.integer({ min: 1, max: 40 }),
        (dates, keep) => {
          const all = dates.map(backupFileName);
          const removed = new Set(backupsBeyond(all, keep));
          const kept = all.filter((n) => !removed.has(n));
          expect(kept.length).toBe(Math.min(keep, all.length));
          const newestRemoved = Math.max(...[...removed].map((n) => backupTakenAt(n)!.getTime()));
          for (const name of kept) expect(backupTakenAt(name)!.getTime()).toBeGreaterThan(newestRemoved);
        },
      ),
    );
  });
});

describe("backupWarning", () => {
  const now = paris(2026, 11, 26, 10, 0);

  it("says none has been made yet", () => {
    expect(backupWarning(null, now, 3, en)).toMatch(/^No backup of the bookings database has been made yet\. .*03:00 \(Paris time\)/);
  });

  it("is silent for a backup two days old", () => {
    expect(backupWarning(new Date(now.getTime() - BACKUP_STALE_MS), now, 3, en)).toBeNull();
  });

  it("names the day and time of a backup older than two days", () => {
    const last = paris(2026, 11, 24, 3, 0);
    expect(backupWarning(new Date(last.getTime() - 1), now, 3, en)).toMatch(/made on 24\/11\/2026 at 02:59, more than two days ago/);
  });

  it("says an old backup's day and time in a French member's words", () => {
    const last = paris(2026, 11, 24, 3, 0);
    expect(backupWarning(new Date(last.getTime() - 1), now, 3, adminWordsIn("fr"))).toBe(
      "La dernière sauvegarde de la base des réservations date du 24/11/2026 à 02:59, il y a plus de deux jours. " +
        "Une sauvegarde est faite chaque jour à 03:00 (heure de Paris)\u00a0; `npm run backup` en fait une immédiatement. " +
        "Le journal du serveur en donne la raison.",
    );
  });
});
