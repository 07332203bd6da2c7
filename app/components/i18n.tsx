import { cloneElement, type ComponentProps, createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import { useMatches } from "react-router";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locales";
import { type CompiledMessages, formatMessage, type MessageValues } from "~/domain/message-format";
import type { MessageId } from "~/locales/catalogues";

/**
 * The page's words: each loader that renders text returns `messages`, the compiled catalogues it
 * needs in the page's language (app/lib/i18n.server.ts); the root merges them. On a page that
 * hydrates they reach the browser as loader data, so a page carries only its own messages in its
 * own language (docs/decisions/0032-six-languages.md).
 */
export interface PageMessages {
  messages: CompiledMessages;
}

interface PageWords {
  locale: Locale;
  messages: CompiledMessages;
}

const WordsContext = createContext<PageWords>({ locale: DEFAULT_LOCALE, messages: {} });

function hasMessages(data: unknown): data is PageMessages {
  return typeof data === "object" && data !== null && "messages" in data;
}

function mergedMessages(data: readonly unknown[]): CompiledMessages {
  return Object.assign({}, ...data.filter(hasMessages).map((d) => d.messages)) as CompiledMessages;
}

/** The matched routes' messages, for every component below. */
export function WordsFromMatches({ locale, children }: { locale: Locale; children: ReactNode }) {
  // The router keeps the same matches while nothing is loaded, so the words are merged again only
  // when a navigation or a revalidation brings new messages.
  const matches = useMatches();
  const words = useMemo(() => ({ locale, messages: mergedMessages(matches.map((m) => m.data)) }), [locale, matches]);
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

/** Given messages in `locale`, for every component below: a component rendered outside the routes (a test). */
export function Words({ locale, messages, children }: PageWords & { children: ReactNode }) {
  const words = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

export type Translate = (id: MessageId, values?: MessageValues) => string;

function translator({ locale, messages }: PageWords): Translate {
  // An id without a message shows as itself: the catalogue check keeps that from happening.
  return (id, values = {}) => {
    const message = messages[id];
    return message ? formatMessage(message, values, locale) : id;
  };
}

/** A translator outside React (a route's `meta`): the matched routes' messages in `locale`. */
export function translatorFor(locale: Locale, data: readonly unknown[]): Translate {
  return translator({ locale, messages: mergedMessages(data) });
}

/** The message `id` in the page's language, its placeholders filled from `values`. */
export function useT(): Translate {
  return translator(useContext(WordsContext));
}

/** The page's language. */
export function useLocale(): Locale {
  return useContext(WordsContext).locale;
}

/** `<0>…</0>` and `<0/>` of a message as the elements they name, nested as written. */
function withMarkup(text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const root: ReactNode[] = [];
  const open: Array<{ key: string; children: ReactNode[] }> = [];
  const current = () => open.at(-1)?.children ?? root;
  for (const part of text.split(/(<\/?\d+\/?>)/)) {
    const tag = /^<(\/?)(\d+)(\/?)>$/.exec(part);
    if (!tag) {
      if (part) current().push(part);
      continue;
    }
    const [, closing, key = "", selfClosing] = tag;
    const element = components[key];
    if (selfClosing) {
      if (element) current().push(cloneElement(element, { key: current().length }));
    } else if (!closing) {
      open.push({ key, children: [] });
    } else {
      const done = open.pop();
      const wrapper = done ? components[done.key] : undefined;
      const children = done?.children ?? [];
      current().push(wrapper ? cloneElement(wrapper, { key: current().length }, ...children) : children);
    }
  }
  return root;
}

/**
 * A message with markup: `<0>…</0>` in the message wraps its words in `components[0]` (a link,
 * a `<strong>`), so the words around a link stay one sentence for the translator.
 */
export function T({ id, values, components }: { id: MessageId; values?: MessageValues; components: Record<string, ReactElement> }) {
  const t = useT();
  return <>{withMarkup(t(id, values), components)}</>;
}

/** A plain link inside a message (`<0>…</0>` of a `T`): the message gives it its words. */
export function MessageAnchor({ children, ...props }: ComponentProps<"a">) {
  return <a {...props}>{children}</a>;
}
