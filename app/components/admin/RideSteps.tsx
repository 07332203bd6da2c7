/**
 * The booking's ride as its drivers recorded it from their day's page (docs/product.md, The
 * driver's day): each leg's steps with their Paris times.
 */
export function RideSteps({ legs }: { legs: readonly { leg: number; steps: readonly string[] }[] }) {
  return (
    <section className="admin-panel" aria-labelledby="ride-title">
      <h2 id="ride-title">Ride</h2>
      {legs.length === 0 ? (
        <p>No step recorded by a driver yet.</p>
      ) : (
        legs.map((l) => (
          <div key={l.leg}>
            <h3>Leg {l.leg}</h3>
            <ul>
              {l.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
