import { useEffect, useRef, useState } from "react";
import { useT } from "~/components/i18n";
import { ToastRegion, useToasts } from "~/components/ui/Toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  buildTemplateParams,
  codeMatches,
  type ContactErrors,
  type ContactField,
  type ContactMessage,
  describeSendFailure,
  EMPTY_CONTACT,
  generateCode,
  invalidFields,
  planSend,
  TOAST_MS,
  type ContactValidation,
  WRONG_CODE_TOAST_MS,
} from "~/domain/contact-rules";
import type { PublicSettings } from "~/domain/public-settings";
import { ContactCodeCheck, type ContactFailure } from "./ContactCodeCheck";
import { ContactForm } from "./ContactForm";
import { ContactSummary } from "./ContactSummary";
import { ContactThanks } from "./ContactThanks";
import { fieldId, SEND_BUTTON_ID, STEP_HEADING_ID } from "./ids";
import { cryptoRandom, sendWithEmailJs } from "./send-email";

type Step = "form" | "confirm" | "code" | "sent";

type Validator = (input: unknown) => ContactValidation;

/**
 * The form's zod schema comes in its own chunk (about 5 KB gzip), loaded once the visitor
 * starts on the form: a visit that only reads the phone number never downloads it.
 */
function loadValidator(): Promise<Validator> {
  return import("~/domain/contact").then((m) => m.validateContact);
}

/** Where focus goes after the next render: a step's heading, a field of the form, the send button. */
type FocusTarget = "heading" | "send" | ContactField;

/**
 * The contact flow (docs/product.md, Contact flow): form → confirmation summary → code check →
 * sending → thank-you. Everything stays in the browser; the message leaves only through the
 * e-mail service, with the keys the server hands over at run time (the EMAILJS_* settings).
 */
export function ContactFlow({ site }: { site: PublicSettings }) {
  const t = useT();
  const ready = useHydrated();
  const [step, setStep] = useState<Step>("form");
  const [values, setValues] = useState<ContactMessage>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [confirmed, setConfirmed] = useState<ContactMessage>(EMPTY_CONTACT);
  const [code, setCode] = useState("");
  const [typedCode, setTypedCode] = useState("");
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ContactFailure>(null);
  const { toasts, show, dismiss } = useToasts();
  // Set synchronously on the first press: a second press before React re-renders sends nothing.
  const inFlight = useRef(false);
  const focusNext = useRef<FocusTarget | null>(null);
  const validator = useRef<Validator | null>(null);
  const validatorLoad = useRef<Promise<Validator> | null>(null);

  const getValidator = (): Promise<Validator> => {
    validatorLoad.current ??= loadValidator().then(
      (validate) => (validator.current = validate),
      (error: unknown) => {
        validatorLoad.current = null; // try again on the next press
        throw error;
      },
    );
    return validatorLoad.current;
  };

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    const id = target === "heading" ? STEP_HEADING_ID : target === "send" ? SEND_BUTTON_ID : fieldId(target);
    document.getElementById(id)?.focus();
  });

  const goTo = (next: Step, focus: FocusTarget = "heading") => {
    focusNext.current = focus;
    setStep(next);
  };

  const change = (field: ContactField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An error goes away as soon as the field is right; new errors wait for the next submit.
    const validate = validator.current;
    if (errors[field] && validate) {
      const result = validate({ ...values, [field]: value });
      if (result.ok || !result.errors[field]) {
        setErrors((e) => {
          const rest = { ...e };
          delete rest[field];
          return rest;
        });
      }
    }
  };

  const submitForm = async () => {
    let validate: Validator;
    try {
      validate = await getValidator();
    } catch (error) {
      console.error("Contact: the form's checks could not be loaded.", error);
      show(t("contact.form.checksFailed"), { kind: "error", duration: TOAST_MS });
      return;
    }
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      const first = invalidFields(result.errors)[0];
      if (first) focusNext.current = first;
      return;
    }
    setErrors({});
    setAttempt(0);
    setConfirmed(result.message);
    goTo("confirm");
  };

  const edit = (field: ContactField) => goTo("form", field);

  const toCodeCheck = () => {
    setCode(generateCode(cryptoRandom));
    setTypedCode("");
    setFailure(null);
    goTo("code");
  };

  const send = async () => {
    if (inFlight.current) return;
    if (!codeMatches(typedCode, code)) {
      show(t("contact.toast.wrongCode"), { kind: "error", duration: WRONG_CODE_TOAST_MS });
      return;
    }
    const params = buildTemplateParams(confirmed, site.siteName);
    const plan = planSend(site.emailjs, params, window.location.port);
    if (plan.action === "simulate") {
      console.info("Contact: local environment (port 3000), the e-mail is not sent.", params);
      show(t("contact.toast.local"), { kind: "info", duration: TOAST_MS });
      goTo("sent");
      return;
    }
    if (plan.action === "fail") {
      console.error(`Contact e-mail not sent, nothing was sent: ${plan.problems.join("; ")}.`);
      setFailure({ status: null, reason: plan.problems.join("; "), setup: true });
      return;
    }
    inFlight.current = true;
    setSending(true);
    setFailure(null);
    try {
      await sendWithEmailJs(plan);
      show(t("contact.toast.sent"), { kind: "success", duration: TOAST_MS });
      goTo("sent");
    } catch (error) {
      const reason = describeSendFailure(error);
      console.error(`Contact e-mail not sent: ${reason.reason}.`, error);
      setFailure({ ...reason, setup: false });
      // The button was disabled while sending, which took the focus away from it.
      focusNext.current = "send";
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const restart = () => {
    setValues(EMPTY_CONTACT);
    setConfirmed(EMPTY_CONTACT);
    setCode("");
    setTypedCode("");
    setFailure(null);
    goTo("form");
  };

  return (
    <div className="contact-flow">
      {step === "form" ? (
        <ContactForm
          values={values}
          errors={errors}
          attempt={attempt}
          ready={ready}
          onChange={change}
          onSubmit={() => void submitForm()}
          onStart={() => void getValidator().catch(() => undefined)}
        />
      ) : step === "confirm" ? (
        <ContactSummary message={confirmed} onEdit={edit} onContinue={toCodeCheck} />
      ) : step === "code" ? (
        <ContactCodeCheck
          code={code}
          typed={typedCode}
          sending={sending}
          failure={failure}
          contact={{ email: site.email, phone: site.phone }}
          onType={setTypedCode}
          onSend={() => void send()}
          onBack={() => goTo("confirm")}
        />
      ) : (
        <ContactThanks name={confirmed.fullName} email={confirmed.email} onRestart={restart} />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} closeLabel={t("contact.toast.close")} />
    </div>
  );
}
