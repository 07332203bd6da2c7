import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { STRIPE_CHECKOUT_ORIGIN, type Settings } from "~/lib/settings.server";

/** The e-mail service the contact form talks to from the browser (docs/product.md, Contact flow). */
const EMAIL_SERVICE_ORIGIN = "https://api.emailjs.com";

function originOf(url: string): string | null {
  try {
    return /^https?:\/\//.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * Security headers on every response, static files included. Scripts run only from our own
 * origin or with this request's nonce; forms post only to the site and the booking endpoint, and
 * their answers may redirect only there and to the payment provider's checkout page.
 * `dev` relaxes script and connect rules for Vite's inline client and websocket.
 */
export function securityHeaders(settings: Settings, options: { dev?: boolean } = {}): RequestHandler[] {
  const bookingOrigin = originOf(settings.bookingEndpoint);
  // Chrome and Safari hold the redirect that answers a form post to form-action too: with Stripe,
  // the booking form's post ends on Stripe Checkout's page.
  const formAction = ["'self'", ...(bookingOrigin ? [bookingOrigin] : []), ...(settings.stripe ? [STRIPE_CHECKOUT_ORIGIN] : [])];
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  };
  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${String((res as Response).locals.nonce ?? "")}'`;

  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource],
        styleSrc: options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: options.dev ? ["'self'", "ws:", EMAIL_SERVICE_ORIGIN] : ["'self'", EMAIL_SERVICE_ORIGIN],
        formAction,
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        ...(settings.hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: settings.hsts ? { maxAge: 63072000, includeSubDomains: true, preload: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    next();
  };
  return [nonce, csp, permissions];
}

/**
 * The Content-Security-Policy of a page whose bytes are the same for every visitor: its inline
 * scripts and styles are allowed by their hashes instead of this request's nonce.
 */
export function withInlineHashes(csp: string, scriptHashes: readonly string[], styleHashes: readonly string[]): string {
  return csp
    .split(";")
    .map((directive) => {
      const sources = directive.trimStart().startsWith("script-src")
        ? scriptHashes
        : directive.trimStart().startsWith("style-src")
          ? styleHashes
          : [];
      return directive.replace(/ ?'nonce-[^']*'/, sources.map((s) => ` ${s}`).join(""));
    })
    .join(";");
}
