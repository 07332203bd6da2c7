// PLACEHOLDER: replaced by the page itself before this lands on a finished issue.
export default function Placeholder() {
  return <h1>This page is being built</h1>;
}
