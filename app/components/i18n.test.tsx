// @vitest-environment happy-dom
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CompiledMessages } from "~/domain/message-format";
import { MessageAnchor, T, translatorFor, useLocale, useT, WordsFromMatches } from "./i18n";

afterEach(cleanup);

function compiled(messages: Record<string, string>): CompiledMessages {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessageOrThrow(text)]));
}

/** A root and a page, each with its loader's messages, as the site's routes hand them. */
function renderPage(page: () => React.ReactNode, messages: { root: Record<string, string>; page: Record<string, string> }) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ messages: compiled(messages.root) }),
      Component: () => (
        <WordsFromMatches locale="fr">
          <Outlet />
        </WordsFromMatches>
      ),
      children: [{ index: true, loader: () => ({ messages: compiled(messages.page) }), Component: page }],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the page's words", () => {
  it("come from every matched route's messages, in the page's language", async () => {
    function Page() {
      const t = useT();
      return (
        <p>
          {t("common.skipLink")} / {t("home.hero.title")} / {useLocale()}
        </p>
      );
    }
    renderPage(Page, { root: { "common.skipLink": "Aller au contenu" }, page: { "home.hero.title": "Transferts" } });
    expect(await screen.findByText("Aller au contenu / Transferts / fr")).toBeTruthy();
  });

  it("fill a message's placeholders and its plural", () => {
    const t = translatorFor("fr", [
      { messages: compiled({ "common.footer.from": "dès {price}, {n, plural, one {# siège} other {# sièges}}" }) },
    ]);
    expect(t("common.footer.from", { price: "40,00 €", n: 2 })).toBe("dès 40,00 €, 2 sièges");
  });

  it("show the id of a message the page was not sent", () => {
    expect(translatorFor("fr", [])("common.menu.home")).toBe("common.menu.home");
  });

  it("put a message's markup around its words, nested as written", async () => {
    function Page() {
      return (
        <p data-testid="text">
          <T id="pages.services.groups.text" components={{ 0: <MessageAnchor href="/cars" />, 1: <strong />, 2: <em /> }} />
        </p>
      );
    }
    renderPage(Page, { root: {}, page: { "pages.services.groups.text": "Voir <0>notre <1>flotte</1></0> et <2>écrire</2>." } });
    const text = await screen.findByTestId("text");
    expect(text.innerHTML).toBe('Voir <a href="/cars">notre <strong>flotte</strong></a> et <em>écrire</em>.');
  });
});
