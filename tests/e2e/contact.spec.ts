import net from "node:net";
import { type ConsoleMessage, expect, type Page, type Request, type Route, test } from "@playwright/test";
import { DESKTOP, catalogue, expectNoAxeViolations, gotoReady, MOBILE, PageProblems, SITE_NAME, SITE_URL } from "./helpers";
import { type SiteServer, startSite } from "./site-server";

// The contact flow (docs/product.md, Contact flow): form → summary → code → sending → thank-you,
// its messages, its toast timings and its e-mail request.
//
// The suite's own server (port 3100) has no EmailJS keys: the 'missing keys' cases run there.
// Sending cases start their own server with keys set, on a spare port; the local-development
// case starts one on port 3000. The e-mail service is never reached: page.route answers for it.

const SEND_URL = "https://api.emailjs.com/api/v1.0/email/send";
const KEYS = { EMAILJS_PUBLIC_KEY: "pk_test_navette", EMAILJS_SERVICE_ID: "service_navette", EMAILJS_TEMPLATE_ID: "template_contact" };
// 3196 beside the default 3100; moves with E2E_PORT so that two runs can share a machine.
const KEYED_PORT = Number(process.env.E2E_PORT ?? 3100) + 96;

const MESSAGES = {
  sent: "Your message has been sent successfully !",
  failed: "Error sending your message. Please try again !",
  local: "Local environment -> Email not sent. Simulating success!",
  wrongCode: "The code entered is incorrect !",
};

const VISITOR = {
  fullName: "Marie Curie",
  email: "marie.curie@example.com",
  question: "Do you drive to Orly at 5 am?\nWe are four, with two large suitcases.",
};

// --- A server of our own --------------------------------------------------------------------

type Server = SiteServer;

/** Starts the built site with extra settings and waits until /contact answers. */
function startServer(port: number, env: Record<string, string>): Promise<Server> {
  return startSite({ port, env, readyPath: "/contact", timeoutMs: 30_000 });
}

/** True when nothing listens on 127.0.0.1:port (nor on every address). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

// --- The e-mail service, stood in for ------------------------------------------------------

interface FakeService {
  /** Every request the page made to the e-mail service's origin. */
  requests: Request[];
  /** The parsed JSON bodies of the sends. */
  bodies: unknown[];
}

/**
 * Answers every request to api.emailjs.com with `status` (after `hold` resolves, if given), and
 * records it. Also counts requests page.route might not see, through the request event.
 */
async function fakeEmailService(page: Page, status: number, hold?: Promise<void>): Promise<FakeService> {
  const service: FakeService = { requests: [], bodies: [] };
  page.on("request", (request) => {
    if (request.url().startsWith("https://api.emailjs.com/") && request.method() !== "OPTIONS") service.requests.push(request);
  });
  await page.route("https://api.emailjs.com/**", async (route: Route) => {
    const request = route.request();
    if (request.method() === "POST") service.bodies.push(request.postDataJSON());
    if (hold) await hold;
    await route.fulfill({
      status,
      contentType: "text/plain",
      headers: { "access-control-allow-origin": "*" },
      body: status === 200 ? "OK" : `refused (${status})`,
    });
  });
  return service;
}

/** Console errors the failure paths log on purpose: our own explanation, and the browser's note of the refused request. */
const expectedSendErrors = (m: ConsoleMessage) =>
  m.text().startsWith("Contact e-mail not sent") ||
  (/Failed to load resource/.test(m.text()) && m.location().url.startsWith("https://api.emailjs.com/"));

// --- Driving the flow ------------------------------------------------------------------------

const heading = (page: Page) => page.locator("#contact-step-heading");

async function fillForm(page: Page, values: Partial<typeof VISITOR> = VISITOR) {
  if (values.fullName !== undefined) await page.getByLabel("Full name").fill(values.fullName);
  if (values.email !== undefined) await page.getByLabel("E-mail", { exact: true }).fill(values.email);
  if (values.question !== undefined) await page.getByLabel("Question").fill(values.question);
}

/** From a filled form to the summary. */
async function toSummary(page: Page) {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(heading(page)).toHaveText("Check your message");
  await expect(heading(page)).toBeFocused();
}

/** From the summary to the code check; returns the code shown. */
async function toCodeCheck(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(heading(page)).toHaveText("Type the code to send");
  await expect(heading(page)).toBeFocused();
  const code = (await page.getByTestId("contact-code").textContent()) ?? "";
  expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
  return code;
}

async function openContact(page: Page, base: string) {
  await gotoReady(page, `${base}/contact`);
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
}

/** A code that differs from `code` in its first character, still from the alphabet. */
const wrongCode = (code: string) => (code.startsWith("A") ? "B" : "A") + code.slice(1);

// --- The suite's own server: no EmailJS keys -------------------------------------------------

test.describe("contact flow on a server without EmailJS keys", () => {
  test("required fields and the e-mail format: errors are announced and tied to their field", async ({ browser }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    try {
      const problems = await PageProblems.attach(page);
      await openContact(page, SITE_URL);
      await expect(heading(page)).toHaveText("Write to us");
      // Loading the page does not move focus into the form.
      await expect(heading(page)).not.toBeFocused();

      await page.getByRole("button", { name: "Continue" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "Please correct 3 fields" });
      await expect(summary).toBeVisible();
      await expect(summary).toContainText("Please enter your full name.");
      await expect(summary).toContainText("Please enter your e-mail address.");
      await expect(summary).toContainText("Please enter your question.");
      for (const [label, error] of [
        ["Full name", "Please enter your full name."],
        ["E-mail", "Please enter your e-mail address."],
        ["Question", "Please enter your question."],
      ] as const) {
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAttribute("required", "");
        await expect(field).toHaveAccessibleDescription(`Error: ${error}`);
      }
      await expect(page.getByLabel("Full name")).toBeFocused();
      await expectNoAxeViolations(page, "contact form with errors at 390px");

      // A link of the summary takes the keyboard to its field.
      await summary.getByRole("link", { name: "Please enter your question." }).click();
      await expect(page.getByLabel("Question")).toBeFocused();

      // Blank is still missing; a malformed address gets its own message.
      await fillForm(page, { fullName: "   ", email: "marie@", question: VISITOR.question });
      await expect(page.getByLabel("Question")).not.toHaveAttribute("aria-invalid", "true");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please correct 2 fields" })).toBeVisible();
      await expect(page.getByLabel("E-mail", { exact: true })).toHaveAccessibleDescription(
        "Error: Please enter an e-mail address in the format name@example.com.",
      );
      await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Error: Please enter your full name.");
      await expect(page.getByLabel("Full name")).toBeFocused();

      await fillForm(page, { fullName: VISITOR.fullName, email: "marie@example" });
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please correct 1 field" })).toBeVisible();
      await expect(page.getByLabel("E-mail", { exact: true })).toBeFocused();
      await expect(page.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");

      // Valid, padded with spaces: the summary shows the trimmed values.
      await fillForm(page, { email: `  ${VISITOR.email} ` });
      await toSummary(page);
      const rows = page.locator(".contact-summary dd.contact-summary__value");
      await expect(rows).toHaveText([VISITOR.fullName, VISITOR.email, VISITOR.question]);
      await problems.expectNone();
    } finally {
      await context.close();
    }
  });

  test("the summary's Edit buttons go back to the form with focus on their field", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      const problems = await PageProblems.attach(page);
      await openContact(page, SITE_URL);
      await fillForm(page);
      await toSummary(page);
      const edits = page.getByRole("button", { name: /^Edit/ });
      await expect(edits).toHaveCount(3);
      const cases = [
        ["Edit full name", "Full name", "Marie S. Curie"],
        ["Edit e-mail", "E-mail", "marie@example.org"],
        ["Edit question", "Question", "Is there a child seat?"],
      ] as const;
      for (const [name, label, next] of cases) {
        const button = page.getByRole("button", { name, exact: true });
        // The visible text is 'Edit'; the field is in the accessible name.
        await expect(button).toHaveAccessibleName(name);
        await expect(button).toHaveText(/^Edit\b/);
        await expect(button.locator(".visually-hidden")).toHaveText(name.replace(/^Edit/, ""));
        await button.click();
        await expect(heading(page)).toHaveText("Write to us");
        const field = page.getByLabel(label, { exact: true });
        await expect(field).toBeFocused();
        // What was typed is still there.
        await expect(field).not.toHaveValue("");
        await field.fill(next);
        await toSummary(page);
      }
      await expect(page.locator(".contact-summary dd.contact-summary__value")).toHaveText([
        "Marie S. Curie",
        "marie@example.org",
        "Is there a child seat?",
      ]);
      await problems.expectNone();
    } finally {
      await context.close();
    }
  });

  test("missing keys: the failure alert, nothing sent, everything typed kept", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      const problems = await PageProblems.attach(page, expectedSendErrors);
      const explained: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" && m.text().startsWith("Contact e-mail not sent")) explained.push(m.text());
      });
      const service = await fakeEmailService(page, 200);
      await openContact(page, SITE_URL);
      await fillForm(page);
      await toSummary(page);
      const code = await toCodeCheck(page);
      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Send message" }).click();
      const alert = page.getByRole("alert").filter({ hasText: MESSAGES.failed });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText("not set up");
      await expect.poll(() => explained.length).toBeGreaterThan(0);
      expect(explained[0]).toContain("EMAILJS_PUBLIC_KEY");
      expect(explained[0]).toContain("EMAILJS_SERVICE_ID");
      expect(explained[0]).toContain("EMAILJS_TEMPLATE_ID");
      await expectNoAxeViolations(page, "contact code step with the failure alert (missing keys)");
      // Still on the code step, with the code typed; back on the summary, the message is intact.
      await expect(page.getByLabel("Code", { exact: true })).toHaveValue(code);
      await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
      await page.getByRole("button", { name: "Back to the summary" }).click();
      await expect(page.locator(".contact-summary dd.contact-summary__value")).toHaveText([
        VISITOR.fullName,
        VISITOR.email,
        VISITOR.question,
      ]);
      expect(service.requests).toHaveLength(0);
      await problems.expectNone();
    } finally {
      await context.close();
    }
  });
});

test("the Content-Security-Policy lets the page reach the e-mail service's origin and nothing more", async () => {
  const response = await fetch(`${SITE_URL}/contact`);
  const csp = response.headers.get("content-security-policy") ?? "";
  const connect = /(?:^|;)\s*connect-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
  expect(connect.sort()).toEqual(["'self'", "https://api.emailjs.com"].sort());
  expect(csp).not.toContain("unsafe-inline");
});

// --- A server with EmailJS keys ---------------------------------------------------------------

test.describe("contact flow sending through EmailJS", () => {
  // One server for these tests, started once: they run in order in one worker.
  test.describe.configure({ mode: "default" });
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer(KEYED_PORT, KEYS);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("success: the exact request, a disabled button, one request only, the toast and the thank-you", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      const problems = await PageProblems.attach(page);
      let release: () => void = () => undefined;
      const hold = new Promise<void>((r) => (release = r));
      const service = await fakeEmailService(page, 200, hold);
      await openContact(page, server.base);
      await fillForm(page, { ...VISITOR, fullName: `  ${VISITOR.fullName}  ` });
      await toSummary(page);
      const code = await toCodeCheck(page);
      // Lower case is read as the same code.
      const input = page.getByLabel("Code", { exact: true });
      await input.fill(code.toLowerCase());
      await input.press("Enter");

      // Sending: the button is disabled; a second press (Enter in the field) sends nothing more.
      const sendButton = page.locator("#contact-send");
      await expect(sendButton).toBeDisabled();
      await expect(sendButton).toHaveText("Sending…");
      await expect.poll(() => service.bodies.length).toBe(1);
      await input.press("Enter");
      await sendButton.click({ force: true }).catch(() => undefined);
      release();

      const toast = page.getByRole("status").filter({ hasText: MESSAGES.sent });
      await expect(toast).toBeVisible();
      await expect(heading(page)).toHaveText(`Thank you, ${VISITOR.fullName}`);
      await expect(heading(page)).toBeFocused();
      // The toast took no focus and has a close button: pressed before its 5 s run out (the axe
      // scans of every step, the toast's included, are the flow's own test below).
      await toast.getByRole("button", { name: "Close notification" }).click();
      await expect(toast).toBeHidden();
      await expectNoAxeViolations(page, "contact thank-you");
      expect(service.requests).toHaveLength(1);
      expect(service.bodies).toHaveLength(1);
      expect(service.requests[0]?.method()).toBe("POST");
      expect(service.requests[0]?.url()).toBe(SEND_URL);
      expect(service.bodies[0]).toEqual({
        lib_version: "4.4.1",
        user_id: KEYS.EMAILJS_PUBLIC_KEY,
        service_id: KEYS.EMAILJS_SERVICE_ID,
        template_id: KEYS.EMAILJS_TEMPLATE_ID,
        template_params: {
          to_name: SITE_NAME,
          from_name: VISITOR.fullName,
          from_email: VISITOR.email,
          reply_to: VISITOR.email,
          message: VISITOR.question,
        },
      });

      // A new message starts from an empty form.
      await page.getByRole("button", { name: "Write another message" }).click();
      await expect(heading(page)).toHaveText("Write to us");
      await expect(page.getByLabel("Full name")).toHaveValue("");
      await problems.expectNone();
    } finally {
      await context.close();
    }
  });

  test("in French and in Spanish: the errors, every step, the toasts and the thank-you in that language", async ({ browser }) => {
    test.slow();
    for (const locale of ["fr", "es"] as const) {
      const words = catalogue(locale, "contact");
      const context = await browser.newContext({ viewport: DESKTOP });
      const page = await context.newPage();
      try {
        const problems = await PageProblems.attach(page);
        const service = await fakeEmailService(page, 200);
        await gotoReady(page, `${server.base}/${locale}/contact`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(words["title"]!);

        // A wrong address: the error in the page's language, tied to its field.
        await page.getByLabel(words["field.fullName"]!, { exact: true }).fill(VISITOR.fullName);
        await page.getByLabel(words["field.email"]!, { exact: true }).fill("marie.curie@");
        await page.getByLabel(words["field.question"]!, { exact: true }).fill(VISITOR.question);
        await page.getByRole("button", { name: words["form.continue"] }).click();
        const email = page.getByLabel(words["field.email"]!, { exact: true });
        await expect(email).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByRole("alert").getByRole("link")).toHaveText([words["error.emailFormat"]!]);
        await email.fill(VISITOR.email);

        await page.getByRole("button", { name: words["form.continue"] }).click();
        await expect(heading(page)).toHaveText(words["summary.title"]!);
        await page.getByRole("button", { name: words["form.continue"] }).click();
        await expect(heading(page)).toHaveText(words["code.title"]!);
        const code = (await page.getByTestId("contact-code").textContent()) ?? "";
        const input = page.getByLabel(words["code.label"]!, { exact: true });
        await input.fill(wrongCode(code));
        await page.getByRole("button", { name: words["code.send"] }).click();
        await expect(page.getByRole("alert").filter({ hasText: words["toast.wrongCode"]! })).toBeVisible();
        await input.fill(code);
        await page.getByRole("button", { name: words["code.send"] }).click();

        const toast = page.getByRole("status").filter({ hasText: words["toast.sent"]! });
        await expect(toast).toBeVisible();
        await expect(heading(page)).toHaveText(words["thanks.title"]!.replace("{name}", VISITOR.fullName));
        await toast.getByRole("button", { name: words["toast.close"] }).click();
        await expect(toast).toBeHidden();
        expect(service.bodies).toHaveLength(1);
        await problems.expectNone();
      } finally {
        await context.close();
      }
    }
  });

  test("the wrong code: the toast, closing after 3000 ms, and nothing sent", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      const problems = await PageProblems.attach(page);
      await page.clock.install();
      const service = await fakeEmailService(page, 200);
      await openContact(page, server.base);
      await fillForm(page);
      await toSummary(page);
      const code = await toCodeCheck(page);
      const input = page.getByLabel("Code", { exact: true });
      await input.fill(wrongCode(code));
      await input.press("Enter");
      const toast = page.getByRole("alert").filter({ hasText: MESSAGES.wrongCode });
      await expect(toast).toBeVisible();
      // Focus stays where the visitor was.
      await expect(input).toBeFocused();
      // The page's clock is ours (a little real time passes between these steps, hence the margins).
      await page.clock.runFor(2500);
      await expect(toast).toBeVisible();
      await page.clock.runFor(700);
      await expect(toast).toBeHidden();

      // Too short, or empty: wrong too.
      await input.fill(code.slice(0, 5));
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("alert").filter({ hasText: MESSAGES.wrongCode })).toBeVisible();
      await expectNoAxeViolations(page, "contact code step with the wrong-code toast");
      await page.waitForTimeout(300);
      expect(service.requests).toHaveLength(0);
      await expect(heading(page)).toHaveText("Type the code to send");
      await problems.expectNone();
    } finally {
      await context.close();
    }
  });

  test("the success toast closes after 5000 ms", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await page.clock.install();
      await fakeEmailService(page, 200);
      await openContact(page, server.base);
      await fillForm(page);
      await toSummary(page);
      const input = page.getByLabel("Code", { exact: true });
      await input.fill(await toCodeCheck(page));
      await input.press("Enter");
      const toast = page.getByRole("status").filter({ hasText: MESSAGES.sent });
      await expect(toast).toBeVisible();
      await page.clock.runFor(4500);
      await expect(toast).toBeVisible();
      await page.clock.runFor(700);
      await expect(toast).toBeHidden();
    } finally {
      await context.close();
    }
  });

  for (const [status, told] of [
    [451, "451 Unavailable For Headless Browser"],
    [403, "403 Forbidden"],
    [429, "429 Too Many Requests"],
    [500, "500 refused (500)"],
  ] as const) {
    test(`the e-mail service answers ${status}: the failure alert tells it, and nothing typed is lost`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: MOBILE });
      const page = await context.newPage();
      try {
        const problems = await PageProblems.attach(page, expectedSendErrors);
        const logged: string[] = [];
        page.on("console", (m) => {
          if (m.type() === "error" && m.text().startsWith("Contact e-mail not sent")) logged.push(m.text());
        });
        const service = await fakeEmailService(page, status);
        await openContact(page, server.base);
        await fillForm(page);
        await toSummary(page);
        const code = await toCodeCheck(page);
        await page.getByLabel("Code", { exact: true }).fill(code);
        await page.getByRole("button", { name: "Send message" }).click();

        const alert = page.getByRole("alert").filter({ hasText: MESSAGES.failed });
        await expect(alert).toBeVisible();
        await expect(alert).toContainText(`The e-mail service answered: ${told}.`);
        await expect.poll(() => logged.join("\n")).toContain(told);
        expect(service.requests).toHaveLength(1);
        // No success toast, no thank-you; the button works again and has the focus back.
        await expect(page.getByText(MESSAGES.sent)).toHaveCount(0);
        const send = page.getByRole("button", { name: "Send message" });
        await expect(send).toBeEnabled();
        await expect(send).toBeFocused();
        await expect(page.getByLabel("Code", { exact: true })).toHaveValue(code);
        if (status === 451) await expectNoAxeViolations(page, `contact failure alert (${status}) at 390px`);
        await page.getByRole("button", { name: "Back to the summary" }).click();
        await expect(page.locator(".contact-summary dd.contact-summary__value")).toHaveText([
          VISITOR.fullName,
          VISITOR.email,
          VISITOR.question,
        ]);
        await problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`axe: zero violations on every step of the flow, at ${viewport.width}px`, async ({ browser }) => {
      test.slow(); // eight axe runs
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const at = `at ${viewport.width}px`;
      try {
        const problems = await PageProblems.attach(page);
        await fakeEmailService(page, 200);
        await openContact(page, server.base);
        await expectNoAxeViolations(page, `contact form ${at}`);
        await page.getByRole("button", { name: "Continue" }).click();
        await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
        await expectNoAxeViolations(page, `contact form with errors ${at}`);
        await fillForm(page);
        await toSummary(page);
        await expectNoAxeViolations(page, `contact summary ${at}`);
        const code = await toCodeCheck(page);
        await expectNoAxeViolations(page, `contact code check ${at}`);
        const input = page.getByLabel("Code", { exact: true });
        await input.fill(wrongCode(code));
        await input.press("Enter");
        await expect(page.getByRole("alert").filter({ hasText: MESSAGES.wrongCode })).toBeVisible();
        await expectNoAxeViolations(page, `contact wrong-code toast ${at}`);
        await input.fill(code);
        await input.press("Enter");
        await expect(page.getByRole("status").filter({ hasText: MESSAGES.sent })).toBeVisible();
        await expect(heading(page)).toBeFocused();
        await expectNoAxeViolations(page, `contact thank-you ${at}`);
        await problems.expectNone();
      } finally {
        await context.close();
      }
    });
  }

  test("the code is text, read out one character at a time", async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    try {
      await fakeEmailService(page, 200);
      await openContact(page, server.base);
      await fillForm(page);
      await toSummary(page);
      const code = await toCodeCheck(page);
      const spelled = [...code].join(", ");
      // Visible as text (no image), spelled for screen readers, and part of the field's description.
      await expect(page.getByTestId("contact-code")).toBeVisible();
      await expect(page.locator(".contact-code img, .contact-code canvas, .contact-code svg")).toHaveCount(0);
      await expect(page.locator("#contact-code .visually-hidden")).toHaveText(`Code: ${spelled}`);
      await expect(page.getByLabel("Code", { exact: true })).toHaveAccessibleDescription(
        `To send your message, type these 6 characters in the box below. Code: ${spelled}`,
      );
      // A new visit to the code step draws a new code from the browser's random source.
      const codes = new Set([code]);
      for (let i = 0; i < 3; i++) {
        await page.getByRole("button", { name: "Back to the summary" }).click();
        codes.add(await toCodeCheck(page));
      }
      expect(codes.size).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });
});

// --- Port 3000: the local development environment ------------------------------------------

test("port 3000: nothing is sent, the info toast simulates success and the thank-you follows", async ({ browser }) => {
  test.skip(!(await portIsFree(3000)), "Port 3000 is in use on this machine: the local-development simulation needs it.");
  // Another run may have taken the port between the check and the start.
  const server = await startServer(3000, KEYS).catch(() => null);
  test.skip(server === null, "Port 3000 could not be used (taken by another process): the local-development simulation needs it.");
  if (server === null) return;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  try {
    const problems = await PageProblems.attach(page);
    const service = await fakeEmailService(page, 200);
    await openContact(page, server.base);
    expect(await page.evaluate(() => window.location.port)).toBe("3000");
    await fillForm(page);
    await toSummary(page);
    const input = page.getByLabel("Code", { exact: true });
    await input.fill(await toCodeCheck(page));
    await input.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: MESSAGES.local })).toBeVisible();
    await expect(heading(page)).toHaveText(`Thank you, ${VISITOR.fullName}`);
    await expect(heading(page)).toBeFocused();
    await page.waitForTimeout(300);
    expect(service.requests).toHaveLength(0);
    await problems.expectNone();
  } finally {
    await context.close();
    await server.stop();
  }
});
