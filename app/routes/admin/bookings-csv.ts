// PLACEHOLDER: replaced by the export itself before this lands on a finished issue.
export function loader() {
  return new Response("Not built yet", { status: 404 });
}
