import { CONTACT_TOPICS, PLAN_IDS, type ContactTopic, type PlanId } from '../content/contact-links';
import { TOPIC_EMAIL } from '../content/contact';
import { ISLAND, attr } from './dom-contract';

export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'company',
  'role',
  'topic',
  'plan',
  'message',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactPrefill = {
  topic?: ContactTopic;
  plan?: PlanId;
  about?: string;
  email?: string;
};

function isTopic(value: string | null): value is ContactTopic {
  return value !== null && Object.hasOwn(CONTACT_TOPICS, value);
}

function isPlan(value: string | null): value is PlanId {
  return (PLAN_IDS as readonly (string | null)[]).includes(value);
}

/** What a link into the contact page asks for (?topic, ?plan, ?about, ?email); unknown values are ignored. */
export function readContactPrefill(search: string): ContactPrefill {
  const params = new URLSearchParams(search);
  const prefill: ContactPrefill = {};
  const topic = params.get('topic');
  const plan = params.get('plan');
  const about = params.get('about')?.trim().slice(0, 200);
  const email = params.get('email')?.trim().slice(0, 254);
  if (isTopic(topic)) prefill.topic = topic;
  if (isPlan(plan)) {
    prefill.plan = plan;
    prefill.topic ??= 'sales';
  }
  if (about) prefill.about = about;
  if (email) prefill.email = email;
  return prefill;
}

const ABOUT_OPENERS: Partial<Record<ContactTopic, string>> = {
  careers: 'I would like to apply for the position: ',
  events: 'Please register me for: ',
  press: 'Please send me: ',
  sales: 'I am interested in: ',
  newsletter: 'Please subscribe me to: ',
};

/** The first line of the message for a link that names what it is about. */
export function messageOpener(topic: ContactTopic | undefined, about: string): string {
  const opener = (topic && ABOUT_OPENERS[topic]) ?? 'About: ';
  return `${opener}${about}\n\n`;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Clear messages for what is missing or malformed; no entry means the field is fine. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'Enter your first name.';
  if (!values.lastName.trim()) errors.lastName = 'Enter your last name.';
  if (!values.email.trim()) errors.email = 'Enter your email address so we can reply.';
  else if (!EMAIL_PATTERN.test(values.email.trim()))
    errors.email = 'Enter an email address like name@example.com.';
  if (!values.message.trim()) errors.message = 'Write your message.';
  return errors;
}

/** The address a topic's messages go to (general questions when the topic is unknown). */
export function recipientFor(topic: string): string {
  return isTopic(topic) ? TOPIC_EMAIL[topic] : TOPIC_EMAIL.general;
}

/** A mailto: link carrying the validated form, for the visitor's own email app to send. */
export function buildMailto(values: ContactValues): string {
  const topicLabel = isTopic(values.topic) ? CONTACT_TOPICS[values.topic] : CONTACT_TOPICS.general;
  const name = `${values.firstName.trim()} ${values.lastName.trim()}`;
  const company = values.company.trim();
  const subject = `${topicLabel}: ${name}${company ? `, ${company}` : ''}`;
  const details = [
    `Name: ${name}`,
    `Email: ${values.email.trim()}`,
    company ? `Company / community: ${company}` : '',
    values.role ? `Role: ${values.role}` : '',
    values.plan ? `Plan: ${values.plan}` : '',
  ].filter(Boolean);
  const body = `${values.message.trim()}\n\n--\n${details.join('\n')}`;
  return `mailto:${recipientFor(values.topic)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function control(form: HTMLFormElement, name: ContactField): FormControl | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element
    : null;
}

function readValues(form: HTMLFormElement): ContactValues {
  const values = {} as ContactValues;
  for (const field of CONTACT_FIELDS) values[field] = control(form, field)?.value ?? '';
  return values;
}

function applyPrefill(form: HTMLFormElement, prefill: ContactPrefill) {
  const topic = control(form, 'topic');
  const plan = control(form, 'plan');
  const email = control(form, 'email');
  const message = control(form, 'message');
  if (topic && prefill.topic) topic.value = prefill.topic;
  if (plan && prefill.plan) plan.value = prefill.plan;
  if (email && prefill.email && !email.value) email.value = prefill.email;
  if (message && prefill.about && !message.value) {
    message.value = messageOpener(prefill.topic, prefill.about);
  }
}

function showErrors(form: HTMLFormElement, errors: ContactErrors) {
  for (const field of CONTACT_FIELDS) {
    const input = control(form, field);
    const slot = form.querySelector<HTMLElement>(attr(ISLAND.fieldError, field));
    const message = errors[field];
    if (input) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
  }
}

function clearError(form: HTMLFormElement, field: ContactField) {
  control(form, field)?.removeAttribute('aria-invalid');
  const slot = form.querySelector<HTMLElement>(attr(ISLAND.fieldError, field));
  if (slot) {
    slot.textContent = '';
    slot.hidden = true;
  }
}

/** Hands a mailto: link to the visitor's email app (one seam, so tests can watch it). */
export const mailApp = {
  open(href: string): void {
    window.location.assign(href);
  },
};

/**
 * The contact form sends nothing itself (there is no back office): Send Message validates the
 * form, then opens the visitor's email app with the message addressed to the right team, and
 * says exactly that. Links into the page preselect the topic and plan (?topic=, ?plan=).
 */
export function bindContactForm(form: HTMLFormElement, search: string, signal: AbortSignal): void {
  form.noValidate = true;
  applyPrefill(form, readContactPrefill(search));
  const status = form.querySelector<HTMLElement>(attr(ISLAND.contactStatus));

  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      const values = readValues(form);
      const errors = validateContact(values);
      showErrors(form, errors);
      const firstInvalid = CONTACT_FIELDS.find((field) => errors[field]);
      if (firstInvalid) {
        if (status) status.textContent = 'Please correct the highlighted fields.';
        control(form, firstInvalid)?.focus();
        return;
      }
      const href = buildMailto(values);
      const to = recipientFor(values.topic);
      if (status) {
        status.replaceChildren(
          `Your email app should now open with this message to ${to}. Nothing has been sent yet: send it from your email app. If no app opened, `,
          Object.assign(document.createElement('a'), {
            href,
            textContent: 'open the message again',
            className: 'font-medium underline',
          }),
          ` or write to ${to} directly.`,
        );
      }
      mailApp.open(href);
    },
    { signal },
  );
  // A fixed field's error clears as it is typed, never on blur: the blur comes from the mousedown
  // on Send Message, and a line vanishing above the button then moves it away before the mouseup,
  // so the click would land on the form and nothing would happen.
  form.addEventListener(
    'input',
    (event) => {
      const field = CONTACT_FIELDS.find((name) => control(form, name) === event.target);
      if (!field || control(form, field)?.getAttribute('aria-invalid') !== 'true') return;
      const errors = validateContact(readValues(form));
      if (errors[field]) return;
      clearError(form, field);
      if (status && !CONTACT_FIELDS.some((name) => errors[name])) status.textContent = '';
    },
    { signal },
  );
}

export function bindContactForms(root: ParentNode, search: string, signal: AbortSignal): void {
  for (const form of root.querySelectorAll<HTMLFormElement>(attr(ISLAND.contactForm))) {
    bindContactForm(form, search, signal);
  }
}
