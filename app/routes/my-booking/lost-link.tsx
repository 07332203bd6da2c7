import { data } from "react-router";

// Placeholder while this page is built: answers 404.
export function loader() {
  throw data("Not built yet.", { status: 404 });
}

export default function Placeholder() {
  return null;
}
