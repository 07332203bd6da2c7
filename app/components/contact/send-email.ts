import type { SendPlan } from "~/domain/contact-rules";

/**
 * Sends the message through the EmailJS browser SDK with the run-time keys. The SDK is loaded
 * on the first send only, so a visitor who just reads the page never downloads it. Rejects with
 * whatever the SDK rejects with (an EmailJSResponseStatus for answers other than 2xx).
 */
export async function sendWithEmailJs(plan: Extract<SendPlan, { action: "send" }>): Promise<void> {
  const { send } = await import("@emailjs/browser");
  await send(plan.serviceId, plan.templateId, plan.params, { publicKey: plan.publicKey });
}

/** Random numbers in [0, 1) from the browser's cryptographic generator, for the confirmation code. */
export function cryptoRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}
