// Placeholder while this file is built: answers 404.
export function loader() {
  return new Response("Not built yet.", { status: 404 });
}
