import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { CompiledMessages } from "~/domain/message-format";

/** A catalogue's source compiled as the server hands it to a page, for a component's tests. */
export function compiledCatalogue(name: string, source: Readonly<Record<string, string>>): CompiledMessages {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [`${name}.${key}`, compileMessageOrThrow(text)]));
}
